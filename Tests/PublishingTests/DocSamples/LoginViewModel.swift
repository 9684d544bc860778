import Publishing  // in place of `import Combine`

// The Using Publishing article's view model, as written there, in a file with only its import.
final class LoginViewModel: ObservableObject {
    @Published var email = ""
    @Published var password = ""
    @Published private(set) var isValid = false

    init() {
        Publishers.CombineLatest($email, $password)
            .map { email, password in email.contains("@") && password.count >= 8 }
            .assign(to: &$isValid)
    }
}
