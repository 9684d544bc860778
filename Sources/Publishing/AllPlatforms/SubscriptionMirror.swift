/// A subscription or subscriber of the package's that shows itself as Combine's do, in
/// `print()`, `dump()`, a playground and the debugger: by the operator's name (its
/// ``description``, "Map", "Debounce"), never by the class that implements it.
///
/// Combine's operator subscriptions reflect with no children ("Map", "Timeout",
/// "SubscribeOn"), so that `dump()` shows the operator's name and nothing of its workings;
/// the default here does the same. A class whose Combine counterpart shows children (a
/// sequence's subscription shows its sequence) writes its own `customMirror`.
///
/// Adopted by name, one line per class (`extension TimeoutSubscription: CombineReflecting {}`),
/// beside its `description`. `@usableFromInline`, as its members are, so that a class that
/// is (`FlatMapSubscription`) can adopt it.
@usableFromInline
package protocol CombineReflecting: CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{}

extension CombineReflecting {
    /// No children, as Combine's: the mirror stands for the operator, not its state.
    @usableFromInline
    package var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

    /// The operator's name, as Combine's playground display shows it.
    @usableFromInline
    package var playgroundDescription: Any { description }
}
