import Publishing

/// A form with two `@Published` properties and nothing wired between them, for tests of what
/// a sink or an `assign` sees of a property while it changes.
final class EmailForm: ObservableObject {
    @Published var email = ""
    @Published var isValid = false
}
