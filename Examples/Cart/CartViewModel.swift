public import Foundation
public import Publishing

extension Notification.Name {
    /// Posted when the user signs out.
    public static let userDidSignOut = Notification.Name("Examples.userDidSignOut")
}

/// A cart that empties itself when the user signs out, listening for the notification as
/// Combine apps do: `NotificationCenter.publisher(for:)` + `sink`.
@MainActor
public final class CartViewModel: ObservableObject {
    /// The items in the cart.
    @Published public private(set) var items: [String] = []

    private var cancellables = Set<AnyCancellable>()

    /// Creates an empty cart that listens on `center`.
    ///
    /// - Parameter center: Where sign-outs are posted; inject a new one in tests.
    public init(center: NotificationCenter = .default) {
        center.publisher(for: .userDidSignOut)
            .sink { [weak self] _ in self?.items = [] }
            .store(in: &cancellables)
    }

    /// Adds an item.
    public func add(_ item: String) {
        items.append(item)
    }
}
