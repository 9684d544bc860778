// What a subscription calls itself, as `print()`, the debugger and failure output show it:
// Combine's names, never an implementation's class name.
import Dispatch
import Foundation
import Publishing
import Testing

/// Keeps the description of the subscription it receives, and asks for nothing. Not a
/// ``DemandProbe``: it keeps every subscription it is handed, and each one's description, so
/// that a publisher handing over more than one shows, and all of them can be cancelled.
private final class DescriptionProbe<Input, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    var descriptions: [String] = []
    var subscriptions: [any Subscription] = []

    func receive(subscription: any Subscription) {
        descriptions.append(String(describing: subscription))
        subscriptions.append(subscription)
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// The description of the subscription `publisher` hands its subscriber.
private func subscriptionDescription<P: Publisher>(of publisher: P) -> String {
    let probe = DescriptionProbe<P.Output, P.Failure>()
    publisher.subscribe(probe)
    defer { for subscription in probe.subscriptions { subscription.cancel() } }
    return probe.descriptions.first ?? "(none)"
}

@Suite("Subscriptions describe themselves as Combine's do")
struct SubscriptionDescriptionTests {
    @Test("Every operator's subscription")
    func operators() {
        let subject = PassthroughSubject<Int, Never>()
        let failing = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<Int, Never>()
        let scheduler = DispatchQueue.main
        let cases: [(name: String, expected: String, described: String)] = [
            ("subject", "PassthroughSubject", subscriptionDescription(of: subject)),
            (
                "currentValue", "CurrentValueSubject",
                subscriptionDescription(of: CurrentValueSubject<Int, Never>(0))
            ),
            ("just", "Just", subscriptionDescription(of: Just(1))),
            ("optional", "Optional", subscriptionDescription(of: Optional(1).publisher)),
            (
                "result", "Once",
                subscriptionDescription(of: Result<Int, TestError>.success(1).publisher)
            ),
            ("sequence", "[1, 2]", subscriptionDescription(of: [1, 2].publisher)),
            ("empty", "Empty", subscriptionDescription(of: Empty<Int, Never>())),
            (
                "fail", "Empty",
                subscriptionDescription(of: Fail<Int, TestError>(error: TestError()))
            ),
            ("future", "Future", subscriptionDescription(of: Future<Int, Never> { _ in })),
            ("deferred", "PassthroughSubject", subscriptionDescription(of: Deferred { subject })),
            (
                "record", "[1]",
                subscriptionDescription(of: Record<Int, Never>(output: [1], completion: .finished))
            ),
            ("map", "PassthroughSubject", subscriptionDescription(of: subject.map { $0 })),
            ("tryMap", "TryMap", subscriptionDescription(of: subject.tryMap { $0 })),
            (
                "mapKeyPath", "PassthroughSubject",
                subscriptionDescription(of: subject.map(\.bitWidth))
            ),
            (
                "compactMap", "PassthroughSubject",
                subscriptionDescription(of: subject.compactMap { $0 })
            ),
            (
                "tryCompactMap", "TryCompactMap",
                subscriptionDescription(of: subject.tryCompactMap { $0 })
            ),
            (
                "filter", "PassthroughSubject",
                subscriptionDescription(of: subject.filter { _ in true })
            ),
            (
                "tryFilter", "TryFilter",
                subscriptionDescription(of: subject.tryFilter { _ in true })
            ),
            (
                "removeDuplicates", "RemoveDuplicates",
                subscriptionDescription(of: subject.removeDuplicates())
            ),
            (
                "tryRemoveDuplicates", "TryRemoveDuplicates",
                subscriptionDescription(of: subject.tryRemoveDuplicates { $0 == $1 })
            ),
            ("scan", "PassthroughSubject", subscriptionDescription(of: subject.scan(0, +))),
            ("tryScan", "TryScan", subscriptionDescription(of: subject.tryScan(0, +))),
            ("reduce", "Reduce", subscriptionDescription(of: subject.reduce(0, +))),
            ("tryReduce", "TryReduce", subscriptionDescription(of: subject.tryReduce(0, +))),
            ("collect", "Collect", subscriptionDescription(of: subject.collect())),
            ("collectCount", "CollectByCount", subscriptionDescription(of: subject.collect(2))),
            (
                "collectTime", "CollectByTime",
                subscriptionDescription(of: subject.collect(.byTime(scheduler, .seconds(1))))
            ),
            ("count", "Count", subscriptionDescription(of: subject.count())),
            ("min", "Comparison", subscriptionDescription(of: subject.min())),
            ("max", "Comparison", subscriptionDescription(of: subject.max())),
            ("tryMin", "TryComparison", subscriptionDescription(of: subject.tryMin(by: <))),
            ("contains", "Contains", subscriptionDescription(of: subject.contains(1))),
            (
                "containsWhere", "ContainsWhere",
                subscriptionDescription(of: subject.contains { $0 == 1 })
            ),
            (
                "tryContainsWhere", "TryContainsWhere",
                subscriptionDescription(of: subject.tryContains { $0 == 1 })
            ),
            (
                "allSatisfy", "AllSatisfy",
                subscriptionDescription(of: subject.allSatisfy { _ in true })
            ),
            (
                "tryAllSatisfy", "TryAllSatisfy",
                subscriptionDescription(of: subject.tryAllSatisfy { _ in true })
            ),
            ("first", "First", subscriptionDescription(of: subject.first())),
            ("firstWhere", "TryFirst", subscriptionDescription(of: subject.first { _ in true })),
            (
                "tryFirstWhere", "TryFirstWhere",
                subscriptionDescription(of: subject.tryFirst { _ in true })
            ),
            ("last", "Last", subscriptionDescription(of: subject.last())),
            ("lastWhere", "LastWhere", subscriptionDescription(of: subject.last { _ in true })),
            (
                "tryLastWhere", "TryLastWhere",
                subscriptionDescription(of: subject.tryLast { _ in true })
            ),
            ("dropFirst", "Drop", subscriptionDescription(of: subject.dropFirst())),
            ("dropWhile", "DropWhile", subscriptionDescription(of: subject.drop { _ in true })),
            (
                "tryDropWhile", "TryDropWhile",
                subscriptionDescription(of: subject.tryDrop { _ in true })
            ),
            (
                "dropUntil", "DropUntilOutput",
                subscriptionDescription(of: subject.drop(untilOutputFrom: other))
            ),
            ("prefix", "Output", subscriptionDescription(of: subject.prefix(2))),
            (
                "prefixWhile", "PrefixWhile",
                subscriptionDescription(of: subject.prefix { _ in true })
            ),
            (
                "tryPrefixWhile", "TryPrefixWhile",
                subscriptionDescription(of: subject.tryPrefix { _ in true })
            ),
            ("output", "Output", subscriptionDescription(of: subject.output(at: 1))),
            (
                "ignoreOutput", "PassthroughSubject",
                subscriptionDescription(of: subject.ignoreOutput())
            ),
            (
                "replaceNil", "PassthroughSubject",
                subscriptionDescription(of: subject.map { Optional($0) }.replaceNil(with: 0))
            ),
            (
                "replaceEmpty", "ReplaceEmpty",
                subscriptionDescription(of: subject.replaceEmpty(with: 0))
            ),
            (
                "replaceError", "ReplaceError",
                subscriptionDescription(of: failing.replaceError(with: 0))
            ),
            (
                "mapError", "PassthroughSubject",
                subscriptionDescription(of: failing.mapError { $0 })
            ),
            (
                "setFailureType", "PassthroughSubject",
                subscriptionDescription(of: subject.setFailureType(to: TestError.self))
            ),
            ("catch", "Catch", subscriptionDescription(of: failing.catch { _ in Just(0) })),
            (
                "tryCatch", "TryCatch",
                subscriptionDescription(of: failing.tryCatch { _ in Just(0) })
            ),
            ("retry", "Retry", subscriptionDescription(of: failing.retry(1))),
            (
                "assertNoFailure", "PassthroughSubject",
                subscriptionDescription(of: failing.assertNoFailure())
            ),
            ("handleEvents", "HandleEvents", subscriptionDescription(of: subject.handleEvents())),
            ("print", "Print", subscriptionDescription(of: subject.print("", to: NullStream()))),
            ("breakpoint", "PassthroughSubject", subscriptionDescription(of: subject.breakpoint())),
            (
                "eraseToAny", "PassthroughSubject",
                subscriptionDescription(of: subject.eraseToAnyPublisher())
            ),
            ("flatMap", "FlatMap", subscriptionDescription(of: subject.flatMap { Just($0) })),
            (
                "switchToLatest", "SwitchToLatest",
                subscriptionDescription(of: subject.map { Just($0) }.switchToLatest())
            ),
            ("merge", "Merge", subscriptionDescription(of: subject.merge(with: other))),
            (
                "combineLatest", "CombineLatest",
                subscriptionDescription(of: subject.combineLatest(other))
            ),
            ("zip", "Zip", subscriptionDescription(of: subject.zip(other))),
            ("append", "Concatenate", subscriptionDescription(of: subject.append(1))),
            ("prepend", "Concatenate", subscriptionDescription(of: subject.prepend(1))),
            (
                "buffer", "Buffer",
                subscriptionDescription(
                    of: subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest))
            ),
            ("share", "Multicast", subscriptionDescription(of: subject.share())),
            (
                "multicast", "Multicast",
                subscriptionDescription(of: subject.multicast { PassthroughSubject() })
            ),
            (
                "autoconnect", "Multicast",
                subscriptionDescription(of: subject.makeConnectable().autoconnect())
            ),
            (
                "debounce", "Debounce",
                subscriptionDescription(
                    of: subject.debounce(for: .seconds(1), scheduler: scheduler))
            ),
            (
                "throttle", "Throttle",
                subscriptionDescription(
                    of: subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true))
            ),
            (
                "timeout", "Timeout",
                subscriptionDescription(of: subject.timeout(.seconds(1), scheduler: scheduler))
            ),
            ("receiveOn", "ReceiveOn", subscriptionDescription(of: subject.receive(on: scheduler))),
            (
                "subscribeOn", "SubscribeOn",
                subscriptionDescription(of: subject.subscribe(on: ImmediateScheduler.shared))
            ),
            (
                "measureInterval", "MeasureInterval",
                subscriptionDescription(of: subject.measureInterval(using: scheduler))
            ),
            (
                "encode", "Encode",
                subscriptionDescription(of: Just(1).encode(encoder: JSONEncoder()))
            ),
            (
                "decode", "Decode",
                subscriptionDescription(
                    of: Just(Data()).decode(type: Int.self, decoder: JSONDecoder()))
            ),
            ("published", "PublishedSubject", subscriptionDescription(of: Model().$value)),
            (
                "objectWillChange", "ObservableObjectPublisher",
                subscriptionDescription(of: ObservableObjectPublisher())
            ),
        ]
        for (name, expected, described) in cases {
            #expect(described == expected, "\(name)")
        }
        #expect(cases.count >= 78)
    }
}

extension SubscriptionDescriptionTests {
    @Test("print() names the subscription it receives as Combine's does")
    func printNamesTheSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let log = LogStream()
        let token = subject.map { $0 * 2 }
            .debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared)
            .print("search", to: log)
            .sink { _ in }
        let mapped = subject.map { $0 }.filter { $0 > 0 }.print("values", to: log).sink { _ in }
        #expect(
            log.lines.value == [
                "search: receive subscription: (Debounce)", "search: request unlimited",
                "values: receive subscription: (PassthroughSubject)", "values: request unlimited",
            ])
        withExtendedLifetime((token, mapped)) {}
    }
}

/// Keeps what `print` writes, a line each, in a box its copies share.
private struct LogStream: TextOutputStream {
    let lines = Box([String]())

    mutating func write(_ string: String) {
        let line = string.trimmingCharacters(in: .newlines)
        if !line.isEmpty { lines.value.append(line) }
    }
}

private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

private final class Model: ObservableObject {
    @Published var value = 0
}

private struct NullStream: TextOutputStream {
    mutating func write(_ string: String) {}
}
