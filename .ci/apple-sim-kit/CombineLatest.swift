// What Apple's Combine has and the imitation's Combine (OpenCombine) lacks, for the code under
// check to compile there: `Publishers.CombineLatest` and `combineLatest(_:)`, documented at
// https://developer.apple.com/documentation/combine/publishers/combinelatest (iOS 13+, macOS
// 10.15+). Imported into every file of the scratch package by .ci/apple-sim, as the kit's
// overlay is. A stand-in, not a product: upstreams are asked for every value, the downstream
// through a subject (so it must keep its demand open, as `sink` and `assign` do). The package's
// own tests of combineLatest run on Linux only.
public import Combine
import Foundation

extension Publishers {
    /// Apple's `Publishers.CombineLatest`: the latest value of each upstream, once both have sent.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
        /// The latest value of each upstream.
        public typealias Output = (A.Output, B.Output)
        /// The upstreams' failure.
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Combines the latest values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes to both upstreams for `subscriber`.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let subject = PassthroughSubject<Output, Failure>()
            let state = LatestPair<A.Output, B.Output>()
            var tokens: [AnyCancellable] = []
            let lock = NSLock()
            subject
                .handleEvents(receiveCancel: {
                    lock.withLock { for token in tokens { token.cancel() } }
                })
                .subscribe(subscriber)
            let finish: (Subscribers.Completion<Failure>) -> Void = { completion in
                if state.finish(failed: { if case .failure = completion { true } else { false } }())
                {
                    subject.send(completion: completion)
                }
            }
            let first = a.sink(
                receiveCompletion: finish,
                receiveValue: { if let pair = state.update(a: $0) { subject.send(pair) } })
            let second = b.sink(
                receiveCompletion: finish,
                receiveValue: { if let pair = state.update(b: $0) { subject.send(pair) } })
            lock.withLock { tokens = [first, second] }
        }
    }
}

extension Publisher {
    /// Apple's `combineLatest(_:)`.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }
}

/// The latest value of each side, and how many sides have finished.
private final class LatestPair<A, B>: @unchecked Sendable {  // every field behind `lock`
    private let lock = NSLock()
    private var a: A?
    private var b: B?
    private var finished = 0
    private var isOver = false

    func update(a value: A) -> (A, B)? {
        lock.withLock {
            a = value
            return isOver ? nil : b.map { (value, $0) }
        }
    }

    func update(b value: B) -> (A, B)? {
        lock.withLock {
            b = value
            return isOver ? nil : a.map { ($0, value) }
        }
    }

    /// Whether this completion ends the stream: a failure, or the second finish.
    func finish(failed: Bool) -> Bool {
        lock.withLock {
            guard !isOver else { return false }
            finished += 1
            isOver = failed || finished == 2
            return isOver
        }
    }
}
