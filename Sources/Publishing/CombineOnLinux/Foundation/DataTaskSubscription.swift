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
    // @unchecked: every mutable field is in `state`, behind its lock; the session, the task and
    // the subscriber are called after the lock is released.
    final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CombineReflecting,
        DataTaskCompleting,
        // @unchecked: see above.
        @unchecked Sendable
    where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
        /// Where the data task stands.
        private enum TaskStage {
            case notMade
            /// A request is making it, outside the lock: the session is code a test may override.
            case making
            case made(URLSessionDataTask)
            /// Its result has come, or the subscription was cancelled.
            case over
        }

        private struct State {
            /// Until the result has been delivered or the subscription cancelled.
            var downstream: Downstream?
            /// The publisher, until the result has been delivered or the subscription
            /// cancelled: what its request and session are, and what a mirror shows.
            var parent: URLSession.DataTaskPublisher?
            var task = TaskStage.notMade
            /// What the subscriber has asked for, shown in a mirror as Combine's shows it (none
            /// once the subscription is over).
            var demand = Subscribers.Demand.none
        }

        /// What a request does once it has released the lock.
        private enum RequestStep {
            case nothing
            case resume(URLSessionDataTask)
            case make(URLSession, URLRequest)
        }

        private let state: Locked<State>

        var description: String { "DataTaskPublisher" }

        init(_ downstream: Downstream, parent: URLSession.DataTaskPublisher) {
            state = Locked(State(downstream: downstream, parent: parent))
        }

        /// What Combine's shows: the task once made, the subscriber, the publisher and what
        /// the subscriber has asked for.
        var customMirror: Mirror {
            let children = state.withLock { state -> [Mirror.Child] in
                let task: URLSessionDataTask? =
                    if case .made(let task) = state.task { task } else { nil }
                return [
                    ("task", task as Any), ("downstream", state.downstream as Any),
                    ("parent", state.parent as Any), ("demand", state.demand),
                ]
            }
            return Mirror(self, children: children)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.requireSomeValues()
            let step = state.withLock { state -> RequestStep in
                guard state.downstream != nil, let parent = state.parent else { return .nothing }
                state.demand += demand
                switch state.task {
                case .made(let task): return .resume(task)
                case .making, .over: return .nothing
                case .notMade:
                    state.task = .making
                    return .make(parent.session, parent.request)
                }
            }
            switch step {
            case .nothing:
                return
            case .resume(let task):
                // Every request resumes it, as Combine's does; resuming a running task does
                // nothing.
                task.resume()
            case .make(let session, let request):
                // Through the protocol: the closure, run on the delegate queue, holds no generic
                // type.
                let target: any DataTaskCompleting = self
                let task = session.dataTask(with: request) { data, response, error in
                    target.complete(data: data, response: response, error: error)
                }
                // Kept and resumed unless the result came, or a cancel, while it was made.
                let isLive = state.withLock { state -> Bool in
                    guard case .making = state.task else { return false }
                    state.task = .made(task)
                    return true
                }
                if isLive { task.resume() }
            }
        }

        func cancel() {
            let (task, downstream) = state.withLock { state in
                defer {
                    state.task = .over
                    state.parent = nil
                    state.demand = .none
                }
                guard case .made(let task) = state.task else {
                    return (URLSessionDataTask?.none, state.downstream.take())
                }
                return (task, state.downstream.take())
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
                state.task = .over
                state.parent = nil
                state.demand = .none
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
