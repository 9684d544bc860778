// The operators that handle or make failures: catch, tryCatch, retry, replaceError, replaceNil,
// replaceEmpty, mapError, setFailureType, assertNoFailure, and the try forms of map, filter and
// compactMap. Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine) unless it says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("Errors: catch, tryCatch, retry, replaceError, replaceEmpty, mapError, the try operators")
struct ErrorHandlingTests {
    @Test("catch replaces a failed upstream and never subscribes to it again")
    func catchReplaces() {
        let upstream = TrackedSubject<Int, TestError>()
        let events = Events(upstream.catch { error in Just(error.code * 100) })
        upstream.send(1)
        upstream.send(completion: .failure(TestError(code: 2)))
        #expect(events.values == [1, 200])
        #expect(events.isFinished)
        #expect(upstream.subscriptionsMade == 1)
    }

    @Test("catch forwards a finish unchanged, and cancelling it cancels the replacement")
    func catchFinishAndCancel() {
        let finishing = PassthroughSubject<Int, TestError>()
        let finished = Events(finishing.catch { _ in Just(0) })
        finishing.send(completion: .finished)
        #expect(finished.values.isEmpty)
        #expect(finished.isFinished)

        let failing = PassthroughSubject<Int, TestError>()
        let replacement = TrackedSubject<Int, Never>()
        let events = Events(failing.catch { _ in replacement })
        failing.send(completion: .failure(TestError()))
        #expect(replacement.liveSubscriptions == 1)
        events.cancel()
        #expect(replacement.liveSubscriptions == 0)
    }

    @Test("catch of an upstream that fails inside sink keeps the replacement subscribed")
    func catchOfSynchronousFailure() {
        let replacement = TrackedSubject<Int, Never>()
        let events = Events(Fail<Int, TestError>(error: TestError()).catch { _ in replacement })
        #expect(replacement.liveSubscriptions == 1)
        replacement.send(7)
        #expect(events.values == [7])
        events.cancel()
        #expect(replacement.liveSubscriptions == 0)
    }

    @Test("tryCatch fails with what its handler throws")
    func tryCatch() {
        let upstream = PassthroughSubject<Int, TestError>()
        let events = Events(
            upstream.tryCatch { error -> Just<Int> in
                if error.code == 1 { throw TestError(code: 10) }
                return Just(0)
            })
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(events.failure as? TestError == TestError(code: 10))
        let recovered = Events(
            Fail<Int, TestError>(error: TestError(code: 2)).tryCatch { _ in Just(5) })
        #expect(recovered.values == [5])
        #expect(recovered.isFinished)
    }

    @Test("tryMap, tryFilter and tryCompactMap fail at a throw and cancel the upstream")
    func tryOperatorsFail() {
        let upstream = TrackedSubject<Int, Never>()
        let mapped = Events(
            upstream.tryMap { value -> Int in
                if value == 2 { throw TestError(code: value) }
                return value * 10
            })
        let filtered = Events(
            upstream.tryFilter { value in
                if value == 2 { throw TestError(code: value) }
                return value.isMultiple(of: 2) || value == 1
            })
        let compacted = Events(
            upstream.tryCompactMap { value -> String? in
                if value == 2 { throw TestError(code: value) }
                return value == 1 ? "one" : nil
            })
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        #expect(mapped.values == [10])
        #expect(filtered.values == [1])
        #expect(compacted.values == ["one"])
        for failure in [mapped.failure, filtered.failure, compacted.failure] {
            #expect(failure as? TestError == TestError(code: 2))
        }
        #expect(upstream.liveSubscriptions == 0)
    }

    @Test("tryMap passes the upstream's own failure on as any Error")
    func tryMapUpstreamFailure() {
        let events = Events(Fail<Int, TestError>(error: TestError(code: 3)).tryMap { $0 })
        #expect(events.failure as? TestError == TestError(code: 3))
    }

    @Test("mapError transforms the failure; setFailureType types a publisher that cannot fail")
    func mapErrorAndSetFailureType() {
        struct Wrapped: Error, Equatable { var inner: TestError }
        let mapped = Events(Fail<Int, TestError>(error: TestError(code: 4)).mapError(Wrapped.init))
        #expect(mapped.failure == Wrapped(inner: TestError(code: 4)))
        let typed: Events<Int, TestError> = Events(Just(1).setFailureType(to: TestError.self))
        #expect(typed.values == [1])
        #expect(typed.isFinished)
    }

    @Test("replaceError sends a value and finishes; replaceNil and replaceEmpty fill gaps")
    func replacing() {
        let replaced = Events(
            [1].publisher.setFailureType(to: TestError.self)
                .append(Fail(error: TestError())).replaceError(with: 0))
        #expect(replaced.values == [1, 0])
        #expect(replaced.isFinished)
        #expect(Events([1, nil, 3].publisher.replaceNil(with: 0)).values == [1, 0, 3])
        let empty = Events(Empty<Int, Never>().replaceEmpty(with: 9))
        #expect(empty.values == [9])
        #expect(empty.isFinished)
        #expect(Events([1].publisher.replaceEmpty(with: 9)).values == [1])
        let failed = Events(Fail<Int, TestError>(error: TestError(code: 1)).replaceEmpty(with: 9))
        #expect(failed.values.isEmpty)
        #expect(failed.failure == TestError(code: 1))
    }

    @Test("retry subscribes again after each failure until the retries are spent")
    func retry() {
        var attempts = 0
        let flaky = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return attempts < 3
                ? AnyPublisher(Fail(error: TestError(code: attempts)))
                : AnyPublisher(Just(attempts).setFailureType(to: TestError.self))
        }
        let recovered = Events(flaky.retry(2))
        #expect(recovered.values == [3])
        #expect(recovered.isFinished)

        attempts = 0
        let spent = Events(flaky.retry(1))
        #expect(attempts == 2)
        #expect(spent.failure == TestError(code: 2))
    }

    @Test("assertNoFailure passes values and the finish through")
    func assertNoFailure() {
        let events = Events([1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure())
        #expect(events.values == [1, 2])
        #expect(events.isFinished)
    }

    @Test("replaceError passes demand on, and sends its value and finishes once asked")
    func replaceErrorWaitsForDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.replaceError(with: -1).subscribe(subscriber)
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        subject.send(completion: .failure(TestError()))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, -1])
        #expect(subscriber.completions.count == 1)
    }

    @Test("replaceEmpty sends its value and finishes once asked")
    func replaceEmptyWaitsForDemand() {
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        Empty<Int, Never>().replaceEmpty(with: 7).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [7])
        #expect(subscriber.completions.count == 1)
    }

    @Test("catch passes demand on, and asks the replacement only for what is still owed")
    func catchPassesDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
        subject.catch { _ in [7, 8, 9].publisher }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(subscriber.values == [1, 7])
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 7, 8, 9])
        #expect(subscriber.completions.count == 1)
    }

    @Test("retry asks each new subscription only for what is still owed")
    func retryPassesDemand() {
        let failing = [1, 2].publisher.setFailureType(to: TestError.self)
            .append(Fail(error: TestError()))
        let subscriber = DemandProbe<Int, Never>(initial: .max(3))
        failing.retry(1).replaceError(with: -1).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 1])
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(10))
        #expect(subscriber.values == [1, 2, 1, 2, -1])
        #expect(subscriber.completions.count == 1)
    }
}
