// Apple platforms: the Examples' view models driving SwiftUI views, as an app would hold them.
// Built in the imitated Apple configuration (.ci/apple-sim), which checks SwiftUI's type
// constraints: `@StateObject`/`@ObservedObject` take only Combine's `ObservableObject`, and
// `onReceive` only a Combine publisher that cannot fail.
#if canImport(SwiftUI)
    public import Publishing
    public import SwiftUI

    /// The items list, owning its view model.
    public struct ItemsView: View {
        @StateObject private var viewModel = ViewModel()

        /// Creates the view with a view model of its own.
        public init() {}

        /// The view's content.
        public var body: some View {
            Text(viewModel.isLoading ? "Loading…" : "\(viewModel.items.count) items")
        }
    }

    /// The cart's item count, told of each change through `onReceive`.
    public struct CartBadge: View {
        @ObservedObject var viewModel: CartViewModel
        let onCountChange: (Int) -> Void

        /// Creates a badge for `viewModel`'s cart; `onCountChange` gets each new item count.
        public init(viewModel: CartViewModel, onCountChange: @escaping (Int) -> Void) {
            self.viewModel = viewModel
            self.onCountChange = onCountChange
        }

        /// The view's content.
        public var body: some View {
            Text("\(viewModel.items.count)")
                .onReceive(viewModel.$items) { onCountChange($0.count) }
        }
    }

    /// The login form's state.
    public struct LoginStatusView: View {
        @StateObject private var viewModel: LoginViewModel

        /// Creates the form, logging in through `authService`.
        public init(authService: any AuthService) {
            _viewModel = StateObject(wrappedValue: LoginViewModel(authService: authService))
        }

        /// The view's content.
        public var body: some View {
            Text(viewModel.errorMessage ?? (viewModel.isValid ? "Ready" : "Fill in the form"))
        }
    }

    /// The loaded profile's name.
    public struct ProfileView: View {
        @ObservedObject var viewModel: ProfileViewModel

        /// Creates the view for `viewModel`.
        public init(viewModel: ProfileViewModel) {
            self.viewModel = viewModel
        }

        /// The view's content.
        public var body: some View {
            Text(viewModel.profile?.name ?? (viewModel.error == nil ? "Loading…" : "Failed"))
        }
    }

    /// The repository search's results count.
    public struct RepositoryListView: View {
        @ObservedObject var viewModel: RepositoryListViewModel

        /// Creates the view for `viewModel`.
        public init(viewModel: RepositoryListViewModel) {
            self.viewModel = viewModel
        }

        /// The view's content.
        public var body: some View {
            Text(viewModel.errorMessage ?? "\(viewModel.repositories.count) repositories")
        }
    }

    /// The debounced search's results, with the scheduler the app chose.
    public struct SearchResultsView<S: Scheduler>: View {
        @ObservedObject var viewModel: SearchViewModel<S>

        /// Creates the view for `viewModel`.
        public init(viewModel: SearchViewModel<S>) {
            self.viewModel = viewModel
        }

        /// The view's content.
        public var body: some View {
            Text(viewModel.results.joined(separator: ", "))
        }
    }

    /// The document's state.
    public struct DocumentView: View {
        @ObservedObject var viewModel: DocumentsViewModel

        /// Creates the view for `viewModel`.
        public init(viewModel: DocumentsViewModel) {
            self.viewModel = viewModel
        }

        /// The view's content.
        public var body: some View {
            Text(viewModel.isLoading ? "Loading…" : viewModel.error == nil ? "Ready" : "Failed")
        }
    }

    /// Whether the user is signed in, from a view model an ancestor supplies.
    public struct SessionStatusView: View {
        @EnvironmentObject var viewModel: AuthViewViewModel

        /// Creates the view; an ancestor supplies the view model with `environmentObject(_:)`.
        public init() {}

        /// The view's content.
        public var body: some View {
            Text(viewModel.isSignedIn ? "Signed in" : "Signed out")
        }
    }

    /// The step counter, an `@Observable` model held in `@State`.
    public struct StepCounterView: View {
        @State private var counter = StepCounter()

        /// Creates the view with a counter of its own.
        public init() {}

        /// The view's content.
        public var body: some View {
            Text("\(counter.count) of \(counter.limit)")
        }
    }
#endif
