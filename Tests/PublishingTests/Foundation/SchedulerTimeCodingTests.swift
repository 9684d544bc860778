import Dispatch
import Foundation
import Publishing
import Testing

/// The Foundation and Dispatch schedulers' times and strides are `Codable` in Combine's own
/// forms, and notification publishers compare as Combine's do.
@Suite("Scheduler times: coding, and equal publishers")
struct SchedulerTimeCodingTests {
    /// A value under one key, as a stored property of a user's `Codable` type is.
    private struct Keyed<Value: Codable & Equatable>: Codable, Equatable {
        var value: Value
    }

    private static func json<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    @Test("A dispatch queue's time is its number of nanoseconds")
    func dispatchQueueTime() throws {
        let time = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 42))
        #expect(try Self.json(Keyed(value: time)) == #"{"value":42}"#)
        #expect(try Self.roundTrip(Keyed(value: time)) == Keyed(value: time))
    }

    @Test(
        "A dispatch queue's stride is keyed _nanoseconds",
        // OpenCombine's testStrideCodable, run against Apple's Combine, expects `_nanoseconds`.
        .skippedInAppleImitation(
            "its dispatch stride encodes as {\"nanoseconds\": …}, Apple's as {\"_nanoseconds\"…}"))
    func dispatchQueueStride() throws {
        let stride = DispatchQueue.SchedulerTimeType.Stride.nanoseconds(419_872)
        #expect(try Self.json(stride) == #"{"_nanoseconds":419872}"#)
        #expect(try Self.roundTrip(stride) == stride)
    }

    @Test("A run loop's time is keyed date, its stride magnitude, in seconds")
    func runLoop() throws {
        let time = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 1024.75))
        #expect(try Self.json(time) == #"{"date":1024.75}"#)
        #expect(try Self.roundTrip(time) == time)

        let stride = RunLoop.SchedulerTimeType.Stride.seconds(1024.5)
        #expect(try Self.json(stride) == #"{"magnitude":1024.5}"#)
        #expect(try Self.roundTrip(stride) == stride)
    }

    @Test("An operation queue's time is coded as a run loop's")
    func operationQueue() throws {
        let time = OperationQueue.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 8.5))
        #expect(try Self.json(time) == #"{"date":8.5}"#)
        #expect(try Self.roundTrip(time) == time)
        #expect(time.advanced(by: .milliseconds(500)).date.timeIntervalSinceReferenceDate == 9)

        let stride: OperationQueue.SchedulerTimeType.Stride = 2
        #expect(try Self.json(stride) == #"{"magnitude":2}"#)
        #expect(stride.timeInterval == 2)
        #expect(try Self.roundTrip(stride) == stride)
        #expect(OperationQueue().now.date.timeIntervalSinceNow.magnitude < 60)
    }

    @Test("Notification publishers are equal for one center, name and sender, each by identity")
    func notificationPublishers() {
        let center = NotificationCenter()
        let other = NotificationCenter()
        let name = Notification.Name("SchedulerTimeCodingTests.one")
        let otherName = Notification.Name("SchedulerTimeCodingTests.two")
        let sender = NSObject()
        let otherSender = NSObject()

        #expect(
            center.publisher(for: name, object: sender)
                == center.publisher(for: name, object: sender))
        #expect(center.publisher(for: name) == center.publisher(for: name))
        #expect(
            center.publisher(for: name, object: sender) != center.publisher(for: name))
        #expect(
            center.publisher(for: name, object: sender)
                != center.publisher(for: name, object: otherSender))
        #expect(
            center.publisher(for: name, object: sender)
                != center.publisher(for: otherName, object: sender))
        #expect(
            center.publisher(for: name, object: sender)
                != other.publisher(for: name, object: sender))
    }
}
