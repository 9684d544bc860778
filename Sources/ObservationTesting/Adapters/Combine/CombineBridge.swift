// Apple platforms only: the one hand-written piece of the Combine support. Linux CI compiles it
// against a stand-in Combine (.ci/combine-shim); it is not run there.
#if canImport(Combine)
    public import Combine
    import Publishing

    /// A Combine publisher seen as a Publishing one, so the same engine waits on it.
    ///
    /// It subscribes with `sink`, which requests unlimited demand: never with `.values`, which
    /// drops values a slow reader has not asked for yet.
    struct CombineBridge<Upstream: Combine.Publisher>: Publishing.Publisher {
        typealias Output = Upstream.Output
        typealias Failure = Upstream.Failure

        let upstream: Upstream

        init(_ upstream: Upstream) {
            self.upstream = upstream
        }

        func sink(
            receiveCompletion: @escaping (Publishing.Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> Publishing.AnyCancellable {
            let cancellable = upstream.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: receiveCompletion(.finished)
                    case .failure(let error): receiveCompletion(.failure(error))
                    }
                },
                receiveValue: receiveValue
            )
            return Publishing.AnyCancellable { cancellable.cancel() }
        }
    }

    /// Calls `onChange` on each `objectWillChange` of `object`, if it is a Combine
    /// `ObservableObject`: what `until(viewModel) { … }` watches, as it watches a Publishing one.
    func combineChangeToken(
        of object: AnyObject,
        _ onChange: @escaping () -> Void
    ) -> Publishing.AnyCancellable? {
        guard let object = object as? any Combine.ObservableObject else { return nil }
        return willChangeToken(of: object, onChange)
    }

    private func willChangeToken(
        of object: some Combine.ObservableObject,
        _ onChange: @escaping () -> Void
    ) -> Publishing.AnyCancellable {
        let cancellable = object.objectWillChange.sink(
            receiveCompletion: { _ in }, receiveValue: { _ in onChange() })
        return Publishing.AnyCancellable { cancellable.cancel() }
    }

    extension Combine.Publisher {
        /// Starts recording every value and the completion of this Combine publisher.
        ///
        /// - Returns: The recorder; recording stops when it is released.
        public func record() -> Recorder<Output, Failure> {
            CombineBridge(self).record()
        }
    }
#endif
