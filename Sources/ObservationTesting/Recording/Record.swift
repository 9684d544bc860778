public import Publishing

// Making a recorder: `record()` on a publisher or an async sequence. (`record(_:_:)` on an
// `@Observable` model is with the other Observation adapters, in Observable+Waiting.swift.)

extension Publisher {
    /// Starts recording every value and the completion of this publisher.
    ///
    /// ```swift
    /// let recorder = viewModel.$isLoading.record()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Inferred, with the next three: where strict end-of-test checks report values
    ///     never read.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The recorder; recording stops when it is released.
    public func record(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Output, Failure> {
        let storage = RecordingStorage<Output, Failure>()
        let subscription: AnyCancellable
        if let observed = self as? any ReadHandingPublisher<Output> {
            // Observed state, read on this actor on its own schedule: registered, so that a wait
            // on the same model returns only once this recorder has read what the wait saw.
            let reads = observed.sink(
                handingReadsTo: nil,
                receiveCompletion: { _ in storage.receive(.completion(.finished, arrived: .now)) },
                receiveValue: { storage.receive(.value($0, arrived: .now)) }
            )
            StateRecorders.register(reads, observing: observed.observedObjects)
            subscription = AnyCancellable { reads.cancel() }
        } else {
            subscription = sink(
                receiveCompletion: { storage.receive(.completion($0, arrived: .now)) },
                receiveValue: { storage.receive(.value($0, arrived: .now)) }
            )
        }
        return Recorder(
            storage: storage, subscription: subscription,
            madeAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension AsyncSequence {
    /// Starts recording every element of this sequence, and how it ends.
    ///
    /// The sequence is iterated in a task on the caller's actor until it ends or the recorder
    /// is released.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, inferred: the sequence is iterated on it.
    ///   - fileID: Inferred, with the next three: where strict end-of-test checks report values
    ///     never read.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The recorder.
    public func record(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Element, Failure> {
        let storage = RecordingStorage<Element, Failure>()
        let task = Task {
            _ = isolation
            var iterator = makeAsyncIterator()
            do throws(Failure) {
                while let element = try await iterator.next(isolation: isolation) {
                    storage.receive(.value(element, arrived: .now))
                }
                storage.receive(.completion(.finished, arrived: .now))
            } catch {
                storage.receive(.completion(.failure(error), arrived: .now))
            }
        }
        return Recorder(
            storage: storage, subscription: AnyCancellable { task.cancel() },
            madeAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
