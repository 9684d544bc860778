// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    extension Publishers {
        /// A publisher that stops the process in the debugger when one of its closures returns
        /// `true`, and otherwise passes every event through unchanged.
        ///
        /// Each closure runs as its event passes (the subscription, each value, the completion);
        /// when it returns `true`, the operator raises `SIGTRAP`, which stops the process in an
        /// attached debugger (and, with none attached, ends it). Demand passes through to the
        /// upstream, as in Combine.
        ///
        /// ```swift
        /// let watched = Publishers.Breakpoint(
        ///     upstream: prices, receiveOutput: { $0 < 0 })   // stop on a negative price
        /// ```
        public struct Breakpoint<Upstream: Publisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose events are watched.
            public let upstream: Upstream
            /// Runs with the upstream's subscription when it comes; `true` stops in the debugger.
            public let receiveSubscription: ((any Subscription) -> Bool)?
            /// Runs with each value before it is passed on; `true` stops in the debugger.
            public let receiveOutput: ((Upstream.Output) -> Bool)?
            /// Runs with the completion before it is passed on; `true` stops in the debugger.
            public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

            /// What a closure returning `true` does: raises `SIGTRAP`. The package's tests put
            /// a recorder here, as a raised signal would end them.
            package var stopInDebugger: () -> Void = raiseBreakpointSignal

            /// Creates a publisher that stops in the debugger when a closure returns `true`.
            ///
            /// ```swift
            /// let watched = Publishers.Breakpoint(
            ///     upstream: prices, receiveCompletion: { $0 != .finished })
            /// ```
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose events are watched.
            ///   - receiveSubscription: Runs with the upstream's subscription when it comes;
            ///     return `true` to stop in the debugger.
            ///   - receiveOutput: Runs with each value before it is passed on; return `true` to
            ///     stop in the debugger.
            ///   - receiveCompletion: Runs with the completion before it is passed on; return
            ///     `true` to stop in the debugger.
            public init(
                upstream: Upstream,
                receiveSubscription: ((any Subscription) -> Bool)? = nil,
                receiveOutput: ((Upstream.Output) -> Bool)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
            ) {
                self.upstream = upstream
                self.receiveSubscription = receiveSubscription
                self.receiveOutput = receiveOutput
                self.receiveCompletion = receiveCompletion
            }

            /// Attaches `subscriber` through the closures. As in Combine, it receives the
            /// upstream's own subscription, so its demand and cancel go straight there.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                upstream.subscribe(
                    BreakpointSubscriber(
                        downstream: subscriber, receiveSubscription: receiveSubscription,
                        receiveOutput: receiveOutput, receiveCompletion: receiveCompletion,
                        stopInDebugger: stopInDebugger))
            }
        }
    }

    /// What `breakpoint` subscribes to its upstream with: it keeps no state, so every event,
    /// even one that breaks the protocol (a second subscription, a value after the
    /// completion), asks its closure and passes on, as Combine's does.
    private struct BreakpointSubscriber<Downstream: Subscriber>: Subscriber, CombineReflecting {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        let combineIdentifier = CombineIdentifier()
        let downstream: Downstream
        let receiveSubscription: ((any Subscription) -> Bool)?
        let receiveOutput: ((Input) -> Bool)?
        let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
        let stopInDebugger: () -> Void

        var description: String { "Breakpoint" }

        func receive(subscription: any Subscription) {
            if receiveSubscription?(subscription) == true { stopInDebugger() }
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if receiveOutput?(input) == true { stopInDebugger() }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if receiveCompletion?(completion) == true { stopInDebugger() }
            downstream.receive(completion: completion)
        }
    }

    extension Publisher {
        /// Stops the process in the debugger when one of the closures returns `true`; passes
        /// every event through unchanged.
        ///
        /// Each closure runs as its event passes; when it returns `true`, `SIGTRAP` is raised,
        /// which stops the process in an attached debugger (and, with none attached, ends it).
        ///
        /// ```swift
        /// prices
        ///     .breakpoint(receiveOutput: { $0 < 0 })   // stop on a negative price
        ///     .sink { print($0) }
        /// ```
        ///
        /// - Parameters:
        ///   - receiveSubscription: Runs with the upstream's subscription when it comes; return
        ///     `true` to stop in the debugger.
        ///   - receiveOutput: Runs with each value before it is passed on; return `true` to stop
        ///     in the debugger.
        ///   - receiveCompletion: Runs with the completion before it is passed on; return `true`
        ///     to stop in the debugger.
        /// - Returns: A publisher with the same events that stops in the debugger when asked.
        public func breakpoint(
            receiveSubscription: ((any Subscription) -> Bool)? = nil,
            receiveOutput: ((Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
        ) -> Publishers.Breakpoint<Self> {
            Publishers.Breakpoint(
                upstream: self, receiveSubscription: receiveSubscription,
                receiveOutput: receiveOutput, receiveCompletion: receiveCompletion)
        }

        /// Stops the process in the debugger when the upstream fails; passes every event
        /// through unchanged.
        ///
        /// ```swift
        /// service.fetchItems()
        ///     .breakpointOnError()   // stop where the failure passes
        ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        /// ```
        ///
        /// - Returns: A publisher with the same events that raises `SIGTRAP` on a failure.
        public func breakpointOnError() -> Publishers.Breakpoint<Self> {
            breakpoint(receiveCompletion: { completion in
                if case .failure = completion { return true }
                return false
            })
        }
    }

    /// Raises `SIGTRAP`: an attached debugger stops here; with none attached, the process ends.
    package func raiseBreakpointSignal() {
        raise(SIGTRAP)
        // A handler that returns (the Swift runtime's backtracer, on by default on Linux, prints
        // a backtrace and returns) lets the process go on, where the signal's own action, and
        // Combine, end it: with no debugger to continue from, it is raised again, unhandled.
        guard !isDebuggerAttached() else { return }
        signal(SIGTRAP, SIG_DFL)
        raise(SIGTRAP)
    }

    /// Whether a debugger traces the process, as `/proc/self/status` tells on Linux.
    private func isDebuggerAttached() -> Bool {
        guard let file = fopen("/proc/self/status", "r") else { return false }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        let field = "TracerPid:"
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            guard text.hasPrefix(field) else { continue }
            let pid = text.dropFirst(field.count).filter(\.isNumber)
            return !pid.isEmpty && pid != "0"
        }
        return false
    }
#endif
