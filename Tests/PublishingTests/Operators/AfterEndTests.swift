// What the one-subscription operators do with what a broken upstream sends after the stream's
// end (its own completion, the operator's end, or the subscriber's cancel), as Combine's do: they
// differ by operator, so each is pinned here. Every test here compiles and passes in both
// configurations (.ci/apple-sim runs them against Combine).
import Foundation
import Publishing
import Testing

/// A subscriber that asks for everything and returns `.max(3)` for each value, so a test sees
/// the demand a late value's delivery returns; with the upstream it is attached through an
/// operator to.
private func attached<P: Publisher>(
    _ makeOperator: (RecordingUpstream<Int, TestError>) -> P
) -> (RecordingUpstream<Int, TestError>, DemandProbe<P.Output, P.Failure>) {
    let upstream = RecordingUpstream<Int, TestError>()
    let subscriber = DemandProbe<P.Output, P.Failure>(initial: .unlimited, perValue: .max(3))
    makeOperator(upstream).subscribe(subscriber)
    return (upstream, subscriber)
}

/// The code of each completion's `TestError`, in order: `nil` for a finish, `-1` for another
/// error.
private func codes(_ completions: [Subscribers.Completion<any Error>]) -> [Int?] {
    completions.map { completion in
        guard case .failure(let error) = completion else { return nil }
        return (error as? TestError)?.code ?? -1
    }
}

@Suite("The one-subscription operators after the stream's end")
struct AfterEndTests {
    @Test(
        "tryMap transforms and sends a value after a throw, and fails again at each throw, but ignores the upstream's completion"
    )
    func tryMapHandlesValuesAfterAThrow() {
        let (upstream, subscriber) = attached { upstream in
            upstream.tryMap { value -> Int in
                guard value < 100 else { throw TestError(code: value) }
                return value * 2
            }
        }
        upstream.send(1)
        upstream.send(100)
        #expect(upstream.send(9) == .max(3))
        #expect(upstream.send(101) == .none)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError(code: 7)))
        #expect(subscriber.values == [2, 18])
        #expect(codes(subscriber.completions) == [100, 101])
        // The upstream is cancelled once, at the first throw.
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test("tryMap sends a value after the subscriber's cancel, but no completion")
    func tryMapHandlesValuesAfterACancel() {
        let (upstream, subscriber) = attached { $0.tryMap { $0 * 2 } }
        subscriber.cancel()
        #expect(upstream.send(1) == .max(3))
        upstream.send(completion: .finished)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test(
        "tryScan sends a value after a throw, with the demand it returned, but neither fails again nor passes the upstream's completion"
    )
    func tryScanHandlesValuesAfterAThrow() {
        var calls = 0
        let (upstream, subscriber) = attached { upstream in
            upstream.tryScan(0) { _, value -> Int in
                calls += 1
                guard value < 100 else { throw TestError(code: value) }
                return value * 2
            }
        }
        #expect(upstream.send(2) == .max(3))
        #expect(upstream.send(100) == .none)
        #expect(upstream.send(9) == .max(3))
        #expect(upstream.send(101) == .none)
        upstream.send(completion: .finished)
        #expect(calls == 4)
        #expect(subscriber.values == [4, 18])
        #expect(codes(subscriber.completions) == [100])
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test(
        "tryScan sends a value after the upstream's completion, and after the subscriber's cancel, but no completion after the cancel"
    )
    func tryScanHandlesValuesAfterTheEnd() {
        let (finishing, finished) = attached { $0.tryScan(0) { $0 + $1 } }
        finishing.send(completion: .finished)
        #expect(finishing.send(2) == .max(3))
        #expect(finished.values == [2])
        #expect(codes(finished.completions) == [nil])

        let (upstream, cancelling) = attached { $0.tryScan(0) { $0 + $1 } }
        cancelling.cancel()
        #expect(upstream.send(2) == .max(3))
        upstream.send(completion: .finished)
        #expect(cancelling.values == [2])
        #expect(cancelling.completions.isEmpty)
    }

    @Test(
        "collect(_:) passes each completion after its end on, without a last array, and ignores values"
    )
    func collectByCountPassesCompletionsAfterTheEnd() {
        let (upstream, subscriber) = attached { $0.collect(2) }
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .max(6))
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(4) == .none)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [[1, 2]])
        #expect(subscriber.completions == [.failure(TestError(code: 1)), .finished])
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test("collect(_:) passes a completion after the subscriber's cancel on, without what it kept")
    func collectByCountPassesACompletionAfterACancel() {
        let (upstream, subscriber) = attached { $0.collect(2) }
        upstream.send(1)
        subscriber.cancel()
        subscriber.request(.max(1))
        upstream.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test("catch sends the upstream's value after the subscriber's cancel, but not its failure")
    func catchSendsValuesAfterACancel() {
        var handled = 0
        let (upstream, subscriber) = attached { upstream in
            upstream.catch { _ in
                handled += 1
                return Just(0)
            }
        }
        subscriber.cancel()
        #expect(upstream.send(1) == .max(3))
        upstream.send(completion: .failure(TestError()))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(handled == 0)
    }

    @Test(
        "catch sends the replacement's value after the subscriber's cancel, asked for or not, but no completion"
    )
    func catchSendsReplacementValuesAfterACancel() {
        let replacement = RecordingUpstream<Int, TestError>()
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .none, perValue: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        upstream.send(completion: .failure(TestError()))
        subscriber.cancel()
        #expect(replacement.send(1) == .max(3))
        replacement.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(replacement.events == [.cancel])
    }

    @Test(
        "A cancel while catch awaits the replacement's subscription is lost: the replacement is asked for what is owed and its completion goes on"
    )
    func catchLosesACancelWhileAwaitingTheReplacement() {
        let replacement = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let (upstream, subscriber) = attached { upstream in
            upstream.catch { _ in replacement }
        }
        upstream.send(completion: .failure(TestError()))
        subscriber.cancel()
        replacement.sendSubscription()
        #expect(replacement.events == [.request(.unlimited)])
        replacement.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test(
        "tryCatch whose handler throws sends the upstream's later value, but no later completion"
    )
    func tryCatchSendsValuesAfterItsHandlerThrows() {
        var handled = 0
        let (upstream, subscriber) = attached { upstream in
            upstream.tryCatch { error -> Just<Int> in
                handled += 1
                throw TestError(code: error.code + 1)
            }
        }
        upstream.send(1)
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(upstream.send(2) == .max(3))
        upstream.send(completion: .failure(TestError(code: 5)))
        upstream.send(completion: .finished)
        #expect(subscriber.values == [1, 2])
        #expect(codes(subscriber.completions) == [2])
        #expect(handled == 1)
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test("encode sends nothing after the subscriber's cancel")
    func encodeSendsNothingAfterACancel() {
        let (upstream, subscriber) = attached { $0.encode(encoder: JSONEncoder()) }
        subscriber.cancel()
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
    }
}
