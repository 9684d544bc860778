// Combine's smaller declarations, which code written from Apple's documentation uses and which
// compiled on Apple platforms only: asserted the same way in both configurations (.ci/apple-sim
// runs this suite against Combine), with Combine's formats and descriptions as OpenCombine's
// tests, run against Apple's Combine too, record them.
import Foundation
import Publishing
import Testing

/// A publisher written from Apple's documentation: nothing to ask for, so it hands over the
/// empty subscription and finishes.
private struct FinishesAtOnce: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
    }
}

/// A cancellable that is not an `AnyCancellable`, counting its cancels.
private final class CountingCancellable: Cancellable {
    private(set) var cancels = 0
    func cancel() { cancels += 1 }
}

private struct CodableError: Error, Codable, Equatable {
    var reason: String
}

private final class Target {
    var value = 0
}

private func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decoded<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

@Suite("Combine's interface: the smaller declarations")
struct InterfaceParityTests {
    @Test("Subscriptions.empty ignores requests and cancels, and is one subscription")
    func emptySubscription() {
        let events = Events(FinishesAtOnce())
        #expect(events.isFinished)
        #expect(events.values.isEmpty)

        let empty = Subscriptions.empty
        empty.request(.unlimited)
        empty.cancel()
        #expect(empty.combineIdentifier == Subscriptions.empty.combineIdentifier)
        #expect(String(describing: empty) == "Empty")
        #expect(Mirror(reflecting: empty).children.isEmpty)
    }

    @Test("Any cancellable can be stored: wrapped, and cancelled when its keeper lets go")
    func storeAnyCancellable() {
        let inSet = CountingCancellable()
        let inArray = CountingCancellable()
        let inContiguous = CountingCancellable()
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        var contiguous = ContiguousArray<AnyCancellable>()
        inSet.store(in: &set)
        inArray.store(in: &array)
        inContiguous.store(in: &contiguous)
        #expect(set.count == 1 && array.count == 1 && contiguous.count == 1)
        #expect(inSet.cancels == 0 && inArray.cancels == 0 && inContiguous.cancels == 0)

        set = []
        array = []
        contiguous = []
        #expect(inSet.cancels == 1 && inArray.cancels == 1 && inContiguous.cancels == 1)
    }

    @Test("An AnyCancellable is stored as itself, in a set, an array or another collection")
    func storeToken() {
        let token = AnyCancellable {}
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        var contiguous = ContiguousArray<AnyCancellable>()
        token.store(in: &set)
        token.store(in: &array)
        token.store(in: &contiguous)
        #expect(set.contains(token))
        #expect(array.first === token)
        #expect(contiguous.first === token)
    }

    @Test("makeConnectable() is a MakeConnectable: nothing flows until connect, then all share it")
    func makeConnectable() {
        let subject = PassthroughSubject<Int, Never>()
        let connectable: Publishers.MakeConnectable<PassthroughSubject<Int, Never>> =
            subject.makeConnectable()
        let first = Events(connectable)
        let second = Events(connectable)
        subject.send(1)
        #expect(first.values.isEmpty && second.values.isEmpty)

        let connection = connectable.connect()
        subject.send(2)
        #expect(first.values == [2] && second.values == [2])

        connection.cancel()
        subject.send(3)
        #expect(first.values == [2] && second.values == [2])

        let sequence = [4, 5].publisher.makeConnectable()
        let late = Events(sequence)
        let sequenceConnection = sequence.connect()
        #expect(late.values == [4, 5])
        #expect(late.isFinished)
        sequenceConnection.cancel()
    }

    @Test("MakeConnectable drops a value nobody asked for, as the subject it shares through does")
    func makeConnectableDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let connectable = subject.makeConnectable()
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        connectable.subscribe(subscriber)
        let connection = connectable.connect()
        subscriber.request(.max(1))
        subject.send(1)
        subject.send(2)
        subscriber.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [1, 3])
        connection.cancel()
    }

    @Test("Future.value gives the value, or throws the failure")
    func futureValue() async throws {
        let ready = Future<Int, Never> { $0(.success(1)) }
        #expect(await ready.value == 1)

        let later = Future<Int, Never> { promise in
            // As in Combine, the promise is not `Sendable`; any thread may call it.
            let promise = Locked(promise)
            Task.detached { promise.withLock { $0 }(.success(2)) }
        }
        #expect(await later.value == 2)

        let succeeded = Future<Int, CodableError> { $0(.success(3)) }
        #expect(try await succeeded.value == 3)

        let failed = Future<Int, CodableError> { $0(.failure(CodableError(reason: "no"))) }
        await #expect(throws: CodableError(reason: "no")) { try await failed.value }
    }

    @Test("Record.Recording.Input is the record's Output")
    func recordingInput() {
        #expect(Record<Int, Never>.Recording.Input.self == Int.self)
    }

    @Test("A completion is encoded and decoded in Combine's format")
    func completionCoding() throws {
        typealias Completion = Subscribers.Completion<CodableError>
        #expect(try json(Completion.finished) == #"{"success":true}"#)
        #expect(
            try json(Completion.failure(CodableError(reason: "no")))
                == #"{"error":{"reason":"no"},"success":false}"#)
        #expect(try decoded(Completion.self, from: #"{"success":true}"#) == .finished)
        #expect(
            try decoded(Completion.self, from: #"{"error":{"reason":"no"},"success":false}"#)
                == .failure(CodableError(reason: "no")))
        #expect(throws: DecodingError.self) {
            try decoded(Completion.self, from: #"{"success":false}"#)
        }
    }

    @Test("A Record and its Recording are encoded and decoded in Combine's format")
    func recordCoding() throws {
        let record = Record<Int, CodableError>(output: [1, 2], completion: .finished)
        let recordJSON = #"{"recording":{"completion":{"success":true},"output":[1,2]}}"#
        #expect(try json(record) == recordJSON)
        let decodedRecord = try decoded(Record<Int, CodableError>.self, from: recordJSON)
        #expect(decodedRecord.recording.output == [1, 2])
        #expect(decodedRecord.recording.completion == .finished)
        #expect(Events(decodedRecord).values == [1, 2])

        let recording = Record<Int, CodableError>.Recording(
            output: [3], completion: .failure(CodableError(reason: "no")))
        let recordingJSON =
            #"{"completion":{"error":{"reason":"no"},"success":false},"output":[3]}"#
        #expect(try json(recording) == recordingJSON)
        let decodedRecording = try decoded(
            Record<Int, CodableError>.Recording.self, from: recordingJSON)
        #expect(decodedRecording.output == [3])
        #expect(decodedRecording.completion == .failure(CodableError(reason: "no")))
        #expect(throws: DecodingError.self) {
            try decoded(Record<Int, CodableError>.Recording.self, from: #"{"output":[3]}"#)
        }

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let into = try encoder.encode(EncodedInto(recording: recording))
        #expect(String(decoding: into, as: UTF8.self) == recordingJSON)
    }

    @Test("ImmediateScheduler's stride is encoded as its magnitude")
    func strideCoding() throws {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        #expect(try json(["value": Stride(-42)]) == #"{"value":{"magnitude":-42}}"#)
        #expect(
            try decoded([String: Stride].self, from: #"{"value":{"magnitude":7}}"#)["value"] == 7)
    }

    @Test("ImmediateScheduler's stride names its literal and magnitude types as Combine does")
    func strideTypeNames() {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        #expect(Stride.FloatLiteralType.self == Double.self)
        #expect(Stride.IntegerLiteralType.self == Int.self)
        #expect(Stride.Magnitude.self == Int.self)
        let fromLiteral: Stride = 2.9
        #expect(fromLiteral.magnitude == 2)
    }

    @Test("values names its iterator AsyncIterator, and the iterator's Element, as Combine does")
    func valuesIteratorNames() async throws {
        typealias Plain = AsyncPublisher<Just<Int>>
        typealias Throwing = AsyncThrowingPublisher<Fail<Int, CodableError>>
        #expect(Plain.AsyncIterator.self == Plain.Iterator.self)
        #expect(Plain.Iterator.Element.self == Int.self)
        #expect(Throwing.AsyncIterator.self == Throwing.Iterator.self)
        #expect(Throwing.Iterator.Element.self == Int.self)

        var plain: Plain.AsyncIterator = Just(1).values.makeAsyncIterator()
        #expect(await plain.next() == 1)
        #expect(await plain.next() == nil)
        var throwing: Throwing.AsyncIterator =
            Fail<Int, CodableError>(error: CodableError(reason: "no")).values.makeAsyncIterator()
        await #expect(throws: CodableError(reason: "no")) { try await throwing.next() }
    }

    @Test("switchToLatest of publishers that cannot fail, from one that can: Combine's type")
    func switchToLatestOfNeverFailing() {
        typealias Inner = PassthroughSubject<Int, Never>
        typealias Lifted = Publishers.SetFailureType<Inner, CodableError>
        let outer = PassthroughSubject<Inner, CodableError>()
        let switched:
            Publishers.SwitchToLatest<
                Lifted, Publishers.Map<PassthroughSubject<Inner, CodableError>, Lifted>
            > =
                outer.switchToLatest()
        let events = Events(switched)
        let first = Inner()
        let second = Inner()
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        #expect(events.values == [1, 3])

        outer.send(completion: .failure(CodableError(reason: "no")))
        #expect(events.failure == CodableError(reason: "no"))
    }

    @Test("AnyPublisher, AnySubscriber, Sink and Assign describe themselves as Combine's do")
    func descriptions() {
        let publisher = Just(1).eraseToAnyPublisher()
        #expect(publisher.description == "AnyPublisher")
        #expect(publisher.playgroundDescription as? String == "AnyPublisher")

        let anonymous = AnySubscriber<Int, Never>()
        #expect(anonymous.description == "Anonymous AnySubscriber")
        #expect(anonymous.playgroundDescription as? String == "Anonymous AnySubscriber")
        #expect(Mirror(reflecting: anonymous).children.isEmpty)

        let ofSubject = AnySubscriber(PassthroughSubject<Int, Never>())
        #expect(ofSubject.description == "Subject")
        #expect(ofSubject.playgroundDescription as? String == "Subject")
        #expect(!Mirror(reflecting: ofSubject).children.isEmpty)

        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let ofSink = AnySubscriber(sink)
        #expect(ofSink.description == "Sink")
        #expect(ofSink.playgroundDescription as? String == "Sink")
        #expect(sink.playgroundDescription as? String == "Sink")
        #expect(sink.customMirror.children.isEmpty)
        #expect(ofSink.combineIdentifier == sink.combineIdentifier)

        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        #expect(assign.description == "Assign Target.")
        #expect(assign.playgroundDescription as? String == "Assign Target.")
        let children = Array(assign.customMirror.children)
        #expect(children.map(\.label) == ["object", "keyPath", "status"])
        #expect(children.first?.value as? Target === target)
        #expect(
            children.dropFirst().first?.value as? ReferenceWritableKeyPath<Target, Int> == \.value)
    }
}

/// Encodes a recording through `encode(into:)`, as a caller of Combine's may.
private struct EncodedInto: Encodable {
    var recording: Record<Int, CodableError>.Recording
    func encode(to encoder: any Encoder) throws {
        try recording.encode(into: encoder)
    }
}
