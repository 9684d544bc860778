import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Foundation: notifications, URL loading, coding")
struct FoundationBridgeTests {
    static let ping = Notification.Name("FoundationBridgeTests.ping")

    @Test("NotificationCenter.publisher(for:object:) receives posts until cancelled")
    func notifications() {
        let center = NotificationCenter()
        let sender = NSObject()
        let all = Events(center.publisher(for: Self.ping))
        let fromSender = Events(center.publisher(for: Self.ping, object: sender))
        center.post(name: Self.ping, object: nil)
        center.post(name: Self.ping, object: sender)
        #expect(all.values.count == 2)
        #expect(fromSender.values.count == 1)
        all.cancel()
        center.post(name: Self.ping, object: sender)
        #expect(all.values.count == 2)
        #expect(fromSender.values.count == 2)
    }

    @Test("Notifications posted from several threads arrive one at a time, none lost")
    func notificationsFromThreads() async {
        let center = NotificationCenter()
        let count = Locked(0)
        let inside = Locked(0)
        let overlapped = Locked(false)
        let token = center.publisher(for: Self.ping).sink { _ in
            if inside.withLock({
                $0 += 1
                return $0
            }) > 1 {
                overlapped.withLock { $0 = true }
            }
            count.withLock { $0 += 1 }
            inside.withLock { $0 -= 1 }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<100 { center.post(name: Self.ping, object: nil) } }
            }
        }
        #expect(count.withLock { $0 } == 400)
        #expect(!overlapped.withLock { $0 })
        withExtendedLifetime(token) {}
    }

    @Test("decode and encode round-trip; a decoding error fails the stream")
    func coding() {
        struct Item: Codable, Equatable {
            var id: Int
        }
        let encoded = Events([Item(id: 1)].publisher.encode(encoder: JSONEncoder()))
        let data = encoded.values
        #expect(data.count == 1)
        let decoded = Events(data.publisher.decode(type: Item.self, decoder: JSONDecoder()))
        #expect(decoded.values == [Item(id: 1)])
        let broken = Events(Just(Data("{".utf8)).decode(type: Item.self, decoder: JSONDecoder()))
        #expect(broken.values.isEmpty)
        #expect(broken.failure is DecodingError)
    }

    @Test("URLSession.dataTaskPublisher loads data, and fails with a URLError")
    func dataTask() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        let session = URLSession(configuration: configuration)
        let url = try #require(URL(string: "stub://host/items"))
        let items = try await session.dataTaskPublisher(for: url)
            .map(\.data)
            .decode(type: [Int].self, decoder: JSONDecoder())
            .values.first { _ in true }
        #expect(items == [1, 2, 3])

        let missing = try #require(URL(string: "stub://host/fail"))
        do {
            for try await _ in session.dataTaskPublisher(for: missing).values {}
            Issue.record("The failing request finished")
        } catch {
            // `any Error` on both, as Combine's `AsyncThrowingPublisher` throws it.
            #expect((error as? URLError)?.code == .cannotFindHost)
        }
    }

    @Test(
        "Timer.publish keeps its interval, run loop, mode and options, and drops the tolerance, as Combine's"
    )
    func timerPublisherProperties() {
        let timer = Timer.publish(every: 2, tolerance: 0.5, on: .main, in: .common, options: nil)
        #expect(timer.interval == 2)
        #expect(timer.tolerance == nil)
        #expect(timer.runLoop === RunLoop.main)
        #expect(timer.mode == .common)
        #expect(timer.options == nil)
        let made = Timer.TimerPublisher(interval: 1, tolerance: 0.5, runLoop: .main, mode: .default)
        #expect(made.tolerance == 0.5)
        #expect(made.options == nil)
    }

    @Test(
        "A timer publisher's connection and subscription name and reflect as ordinary objects, as Combine's"
    )
    func timerSubscriptionReflectsAsAnObject() throws {
        // OpenCombine's TimerPublisherTests.testConnectionReflection, run against Combine.
        let timer = Timer.publish(every: 60, on: .main, in: .common)
        let connection = timer.connect()
        defer { connection.cancel() }
        #expect(!(connection is any CustomStringConvertible))
        let probe = DemandProbe<Date, Never>(initial: .none)
        timer.subscribe(probe)
        let subscription = try #require(probe.subscription)
        defer { subscription.cancel() }
        #expect(!(subscription is NSObject))
        #expect(!(subscription is any CustomStringConvertible))
        #expect(!(subscription is any CustomReflectable))
        #expect(!(subscription is any CustomPlaygroundDisplayConvertible))
        #expect(!(subscription is any CustomDebugStringConvertible))
    }

    @Test("PropertyListEncoder and PropertyListDecoder are TopLevelEncoder and TopLevelDecoder")
    func propertyListCoding() throws {
        let encoded = Events(Just(PlistItem(name: "a")).encode(encoder: PropertyListEncoder()))
        let data = try #require(encoded.values.first)
        #expect(encoded.isFinished)
        let decoded = Events(
            Just(data).decode(type: PlistItem.self, decoder: PropertyListDecoder()))
        #expect(decoded.values == [PlistItem(name: "a")])
        #expect(decoded.isFinished)
        let broken = Events(
            Just(Data("no".utf8)).decode(type: PlistItem.self, decoder: PropertyListDecoder()))
        #expect(broken.values.isEmpty)
        #expect(broken.failure is DecodingError)
    }

    @Test("The Foundation schedulers' times and options have Combine's names and meanings")
    func schedulerTimesAndOptions() {
        let date = Date(timeIntervalSince1970: 100)
        let queueTime = OperationQueue.SchedulerTimeType(date)
        #expect(queueTime.advanced(by: .seconds(2)).date == date.addingTimeInterval(2))
        let loopTime = RunLoop.SchedulerTimeType(date)
        #expect(
            loopTime.distance(to: RunLoop.SchedulerTimeType(date.addingTimeInterval(3)))
                == .seconds(3))
        let dispatchTime = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000))
        #expect(
            dispatchTime.advanced(by: .nanoseconds(500)).dispatchTime.uptimeNanoseconds == 1_500)
        let options = DispatchQueue.SchedulerOptions(qos: .userInitiated)
        #expect(options.qos == .userInitiated)
        #expect(options.group == nil)
    }

    @Test("A notification posted while nothing is asked for is dropped")
    func notificationsDropWithoutDemand() {
        let name = Notification.Name("FoundationBridgeTests.notificationsDropWithoutDemand")
        let center = NotificationCenter()
        let subscriber = DemandProbe<Notification, Never>(initial: .max(1))
        center.publisher(for: name).subscribe(subscriber)
        center.post(name: name, object: nil)
        center.post(name: name, object: nil)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values.count == 1)
        center.post(name: name, object: nil)
        #expect(subscriber.values.count == 2)
    }

    @Test("encode and decode pass demand on, as tryMap does; a subject drops what is not asked")
    func encodeDecodePassDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) })
            .encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder())
            .assertNoFailure().subscribe(subscriber)
        #expect(requests == [.max(1)])
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        subscriber.subscription?.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [1, 3])
        #expect(requests == [.max(1), .max(1)])
    }
}

/// A value the property-list coders round-trip.
private struct PlistItem: Codable, Equatable {
    var name: String
}

/// Answers `stub://host/items` with `[1,2,3]`, and fails anything else as an unknown host.
final class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.scheme == "stub"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, url.path == "/items" else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let response = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("[1,2,3]".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
