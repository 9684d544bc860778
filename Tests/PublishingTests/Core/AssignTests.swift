import Publishing
import Testing

@Suite("Assigning: assign(to:on:), assign(to: &$property), Published(initialValue:)")
struct AssignTests {
    final class Form: ObservableObject {
        @Published var email = ""
        @Published var password = ""
        @Published var isValid = false
        @Published(initialValue: 3) var attempts: Int

        init() {
            $email.combineLatest($password)
                .map { !$0.isEmpty && $1.count >= 8 }
                .assign(to: &$isValid)
        }
    }

    final class Label {
        var text = ""
    }

    @Test("assign(to: &$property) keeps the property up to date and fires objectWillChange")
    func assignToPublished() {
        let form = Form()
        var changes = 0
        let token = form.objectWillChange.sink { changes += 1 }
        form.email = "a@b.c"
        #expect(!form.isValid)
        form.password = "12345678"
        #expect(form.isValid)
        // Two direct assignments, and one isValid assignment each through assign(to:).
        #expect(changes == 4)
        #expect(form.attempts == 3)
        withExtendedLifetime(token) {}
    }

    @Test("The README's login sample enables the form once both fields are filled in")
    func readmeSample() {
        let viewModel = LoginViewModel()
        var states: [Bool] = []
        let token = viewModel.$isValid.sink { states.append($0) }
        viewModel.email = "ada@example.com"
        viewModel.password = "analytical"
        #expect(states == [false, false, true])
        withExtendedLifetime(token) {}
    }

    @Test("assign(to: &$property) lives as long as the object, with no cycle")
    func assignToPublishedLifetime() {
        let upstream = TrackedSubject<Bool, Never>()
        final class Model: ObservableObject {
            @Published var flag = false
            init(_ upstream: some Publisher<Bool, Never>) { upstream.assign(to: &$flag) }
        }
        weak var weakModel: Model?
        do {
            let model = Model(upstream)
            weakModel = model
            upstream.send(true)
            #expect(model.flag)
            #expect(upstream.liveSubscriptions == 1)
        }
        #expect(weakModel == nil)
        #expect(upstream.liveSubscriptions == 0)
        upstream.send(false)

        weak var weakForm: Form?
        do {
            let form = Form()
            weakForm = form
            form.password = "long enough"
        }
        #expect(weakForm == nil)
    }

    @Test("assign(to:on:) sets the property and holds the object until cancelled")
    func assignOn() {
        let subject = PassthroughSubject<String, Never>()
        weak var weakLabel: Label?
        var token: AnyCancellable?
        do {
            let label = Label()
            weakLabel = label
            token = subject.assign(to: \.text, on: label)
        }
        subject.send("hello")
        #expect(weakLabel?.text == "hello")
        token?.cancel()
        #expect(weakLabel == nil)
    }

    @Test("assign(to:on:) lets the object go when the upstream finishes")
    func assignOnFinish() {
        let subject = PassthroughSubject<String, Never>()
        weak var weakLabel: Label?
        var token: AnyCancellable?
        do {
            let label = Label()
            weakLabel = label
            token = subject.assign(to: \.text, on: label)
        }
        subject.send(completion: .finished)
        #expect(weakLabel == nil)
        withExtendedLifetime(token) {}
    }
}

extension AssignTests {
    @Suite("assign on a form with nothing wired in its init, as a view model writes it")
    struct OnAPlainForm {
        @Test("assign(to: &$property) assigns each value and fires objectWillChange")
        func assignToPublished() {
            let form = EmailForm()
            form.$email.map { $0.contains("@") }.assign(to: &form.$isValid)
            var changes = 0
            let willChange = form.objectWillChange.sink { _ in changes += 1 }
            form.email = "a@b.c"
            #expect(form.isValid)
            // The email's change and the validity's.
            #expect(changes == 2)
            withExtendedLifetime(willChange) {}
        }

        @Test("assign(to:on:) assigns each value to the object's property")
        func assignToKeyPath() {
            let label = Label()
            let subject = PassthroughSubject<String, Never>()
            let token = subject.assign(to: \.text, on: label)
            subject.send("Hello")
            #expect(label.text == "Hello")
            token.cancel()
            subject.send("ignored")
            #expect(label.text == "Hello")
        }
    }
}
