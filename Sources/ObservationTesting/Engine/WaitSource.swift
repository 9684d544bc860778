import Publishing

/// A source of values, as its adapter (under `Adapters/`) presents it to the engine.
@usableFromInline
struct WaitSource<Output, Failure: Error> {
    /// Starts feeding a wait's mailbox, and stops when the returned handle is cancelled.
    @usableFromInline var subscribe: EventSubscription
    /// What failure messages call it: "publisher", "property", "sequence".
    @usableFromInline var noun: String
    /// Whether it sends changes made with no suspension point between them as one.
    @usableFromInline var coalescesChanges: Bool
    /// How many values it sent that earlier waits read: a recorder's wait starts after them.
    @usableFromInline var valuesReadBefore: Int
    /// Told how many values a wait that succeeded took: a recorder moves on by that many.
    @usableFromInline var didConsume: ((Int) -> Void)?
    /// The recorders reading the same state on their own schedule, which the wait lets catch up
    /// before it returns: see ``StateRecorders``.
    @usableFromInline var recorders: StateRecorders.Match?

    @usableFromInline
    init(
        subscribe: @escaping EventSubscription,
        noun: String = "publisher",
        coalescesChanges: Bool = false,
        valuesReadBefore: Int = 0,
        didConsume: ((Int) -> Void)? = nil,
        recorders: StateRecorders.Match? = nil
    ) {
        self.recorders = recorders
        self.valuesReadBefore = valuesReadBefore
        self.subscribe = subscribe
        self.noun = noun
        self.coalescesChanges = coalescesChanges
        self.didConsume = didConsume
    }
}
