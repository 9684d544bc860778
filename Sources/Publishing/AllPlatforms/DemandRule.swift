extension Subscribers.Demand {
    /// Stops the program if this demand, asked of a subscription, is for no values: the
    /// subscriber broke the protocol, and Combine's subscriptions stop it there, with one message.
    @inlinable
    package func requireSomeValues() {
        precondition(self > .none, "API Violation: demand must not be zero")
    }
}
