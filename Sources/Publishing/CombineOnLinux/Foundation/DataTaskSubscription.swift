// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What a data task's completion handler calls.
    protocol DataTaskCompleting: Sendable {
        func complete(data: Data?, response: URLResponse?, error: (any Error)?)
    }

    /// One subscription to `URLSession.DataTaskPublisher`, as Combine's: nothing is loaded until
    /// the subscriber asks, so that a subscriber that never asks starts no request.
    ///
    /// The task's completion handler holds the subscription until the result comes, as Combine
    /// holds a subscription until it completes: a subscriber need not keep it.
    // @unchecked: every mutable field is in `state`, behind its lock; the task and the
    // subscriber are called after the lock is released.
    final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CombineReflecting,
        DataTaskCompleting,
        // @unchecked: see above.
        @unchecked Sendable
    where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
        private struct State {
            /// Until the result has been delivered or the subscription cancelled.
            var downstream: Downstream?
            var request: URLRequest
            var session: URLSession
            /// Made at the first request.
            var task: URLSessionDataTask?
        }

        private let state: Locked<State>

        var description: String { "DataTaskPublisher" }

        init(_ downstream: Downstream, request: URLRequest, session: URLSession) {
            state = Locked(State(downstream: downstream, request: request, session: session))
        }

        func request(_ demand: Subscribers.Demand) {
            precondition(demand > .none, "API Violation: demand must not be zero")
            let task = state.withLock { state -> URLSessionDataTask? in
                guard state.downstream != nil else { return nil }
                if let task = state.task { return task }
                // Through the protocol: the closure, run on the delegate queue, holds no generic
                // type.
                let target: any DataTaskCompleting = self
                let task = state.session.dataTask(with: state.request) { data, response, error in
                    target.complete(data: data, response: response, error: error)
                }
                state.task = task
                return task
            }
            // Every request resumes it, as Combine's does; resuming a running task does nothing.
            task?.resume()
        }

        func cancel() {
            let (task, downstream) = state.withLock { state in
                (state.task.take(), state.downstream.take())
            }
            // Only a task whose result has not come: a finished task is not cancelled.
            task?.cancel()
            withExtendedLifetime(downstream) {}
        }

        /// Delivers the task's result once: a `URLError` as it is, any other error as
        /// `URLError(.unknown)`; a response with its data, or empty data; no response, as
        /// `URLError(.unknown)`.
        func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
            let taken = state.withLock { state in
                state.task = nil
                return state.downstream.take()
            }
            guard let downstream = taken else { return }
            if let error {
                downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
            } else if let response {
                _ = downstream.receive((data ?? Data(), response))
                downstream.receive(completion: .finished)
            } else {
                downstream.receive(completion: .failure(URLError(.unknown)))
            }
        }
    }
#endif
