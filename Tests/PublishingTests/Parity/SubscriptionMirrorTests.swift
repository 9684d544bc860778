// How a subscription reflects, as `dump()`, a playground and the debugger show it: by
// Combine's operator name, with Combine's children, never an implementation's class or fields.
import Dispatch
import Foundation
import Publishing
import Testing

/// Keeps the subscription it receives, and asks for nothing.
private final class MirrorProbe<Input, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    var subscription: (any Subscription)?

    func receive(subscription: any Subscription) {
        if self.subscription == nil { self.subscription = subscription }
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// What the subscription `publisher` hands its subscriber shows, reflected: its `dump()`, its
/// mirror's children's labels and its playground description.
private struct Reflection {
    var dumped = ""
    var childLabels: [String?] = []
    var playground: String?

    init<P: Publisher>(subscriptionOf publisher: P) {
        let probe = MirrorProbe<P.Output, P.Failure>()
        publisher.subscribe(probe)
        guard let subscription = probe.subscription else { return }
        defer { subscription.cancel() }
        dump(subscription, to: &dumped)
        childLabels = Mirror(reflecting: subscription).children.map(\.label)
        playground =
            (subscription as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription
            as? String
    }

    /// The first line of the dump, which names the object.
    var heading: String { String(dumped.prefix { $0 != "\n" }) }
}

/// Names of the package's own subscription classes and their parts, which Combine's output never
/// shows.
private let implementationNames = [
    "StepSubscription", "ScheduledSubscription", "SubscribedOn", "UntilOutputSubscription",
    "TimeoutSubscription", "ThrottleSubscription", "BufferSubscription", "SequenceSubscription",
    "ObservedSubscription", "Succession", "EmptySubscription", "SinkSubscription",
    "FlatMapSubscription", "CombineLatestInner", "ZipInner", "MergeInner", "Locked", "Gate",
    "Forwarder",
    "state",
]

@Suite("Subscriptions reflect as Combine's do")
struct SubscriptionMirrorTests {
    @Test(
        "An operator's subscription dumps as its name, with no children",
        arguments: [
            "tryMap", "receiveOn", "subscribeOn", "dropUntilOutput", "timeout", "throttle",
            "handleEvents",
        ])
    func operatorDumpsAsItsName(_ name: String) throws {
        let reflection = try #require(Self.reflection(of: name))
        let expected = try #require(Self.expected[name])
        #expect(reflection.heading.contains(expected), "\(reflection.dumped)")
        #expect(reflection.childLabels.isEmpty, "\(reflection.childLabels)")
        #expect(reflection.playground == expected)
        for implementation in implementationNames {
            #expect(!reflection.dumped.contains(implementation), "\(reflection.dumped)")
        }
    }

    @Test("The empty subscription dumps as \"Empty\", with no children")
    func emptyDumpsAsItsName() {
        var dumped = ""
        dump(Subscriptions.empty, to: &dumped)
        #expect(dumped.hasPrefix("- Empty"), "\(dumped)")
        #expect(Mirror(reflecting: Subscriptions.empty).children.isEmpty)
        let playground =
            (Subscriptions.empty as? any CustomPlaygroundDisplayConvertible)?
            .playgroundDescription as? String
        #expect(playground == "Empty")
    }

    @Test("A sequence's subscription dumps as its sequence, its one child")
    func sequenceDumpsItsSequence() {
        let reflection = Reflection(subscriptionOf: [1, 2].publisher)
        #expect(reflection.heading.contains("[1, 2]"))
        #expect(reflection.childLabels == ["sequence"])
        #expect(reflection.playground == "[1, 2]")
        for implementation in implementationNames {
            #expect(!reflection.dumped.contains(implementation), "\(reflection.dumped)")
        }
    }

    // The package's own subscriptions (`flatMap`'s and the combining operators'), whose fields
    // OpenCombine's counterparts, which the imitation of Apple platforms runs, show.
    #if !APPLE_SIM
        @Test(
            "The package's other subscriptions dump as their names",
            arguments: ["empty", "flatMap", "merge", "zip", "combineLatest"])
        func packageSubscriptionDumpsAsItsName(_ name: String) throws {
            let reflection = try #require(Self.reflection(of: name))
            let expected = try #require(Self.expected[name])
            #expect(reflection.heading.contains(expected), "\(reflection.dumped)")
            #expect(reflection.childLabels.isEmpty)
            #expect(reflection.playground == expected)
            for implementation in implementationNames {
                #expect(!reflection.dumped.contains(implementation), "\(reflection.dumped)")
            }
        }
    #endif

    @Test(
        "delay's and prefix(untilOutputFrom:)'s subscriptions customize neither their name nor their mirror, as Combine's",
        arguments: ["delay", "prefixUntilOutput"])
    func subscriptionReflectsAsAnObject(_ name: String) throws {
        // OpenCombine's DelayTests.testDelayReflection and
        // PrefixUntilOutputTests.testPrefixUntilOutputReflection, run against Combine: each
        // describes itself by its type, which names its operator.
        let subject = PassthroughSubject<Int, Never>()
        let other = RecordingUpstream<Int, Never>()
        let probe = MirrorProbe<Int, Never>()
        if name == "delay" {
            subject.delay(for: .seconds(1), scheduler: DispatchQueue.main).subscribe(probe)
        } else {
            subject.prefix(untilOutputFrom: other).subscribe(probe)
            // The subscriber the other publisher gets is the same object, under another type.
            let trigger = try #require(other.receivedSubscriber)
            #expect(!(trigger is any CustomStringConvertible))
            #expect(!(trigger is any CustomReflectable))
        }
        let subscription = try #require(probe.subscription)
        defer { subscription.cancel() }
        #expect(!(subscription is any CustomStringConvertible))
        #expect(!(subscription is any CustomReflectable))
        #expect(!(subscription is any CustomPlaygroundDisplayConvertible))
        let expected = try #require(Self.expected[name])
        #expect(String(describing: subscription).contains(expected))
    }

    private static let expected = [
        "tryMap": "TryMap", "receiveOn": "ReceiveOn", "subscribeOn": "SubscribeOn",
        "dropUntilOutput": "DropUntilOutput", "timeout": "Timeout", "throttle": "Throttle",
        "handleEvents": "HandleEvents", "empty": "Empty",
        "delay": "Delay", "prefixUntilOutput": "PrefixUntilOutput", "flatMap": "FlatMap",
        "merge": "Merge", "zip": "Zip", "combineLatest": "CombineLatest",
    ]

    private static func reflection(of name: String) -> Reflection? {
        let subject = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let scheduler = DispatchQueue.main
        return switch name {
        case "tryMap": Reflection(subscriptionOf: subject.tryMap { $0 })
        case "receiveOn": Reflection(subscriptionOf: subject.receive(on: scheduler))
        case "subscribeOn":
            Reflection(subscriptionOf: subject.subscribe(on: ImmediateScheduler.shared))
        case "dropUntilOutput": Reflection(subscriptionOf: subject.drop(untilOutputFrom: other))
        case "prefixUntilOutput":
            Reflection(subscriptionOf: subject.prefix(untilOutputFrom: other))
        case "timeout":
            Reflection(subscriptionOf: subject.timeout(.seconds(1), scheduler: scheduler))
        case "throttle":
            Reflection(
                subscriptionOf: subject.throttle(
                    for: .seconds(1), scheduler: scheduler, latest: true))
        case "handleEvents": Reflection(subscriptionOf: subject.handleEvents())
        case "empty": Reflection(subscriptionOf: Empty<Int, Never>())
        case "flatMap": Reflection(subscriptionOf: subject.flatMap { Just($0) })
        case "merge": Reflection(subscriptionOf: subject.merge(with: other))
        case "zip": Reflection(subscriptionOf: subject.zip(other))
        case "combineLatest": Reflection(subscriptionOf: subject.combineLatest(other))
        case "delay":
            Reflection(subscriptionOf: subject.delay(for: .seconds(1), scheduler: scheduler))
        default: nil
        }
    }
}
