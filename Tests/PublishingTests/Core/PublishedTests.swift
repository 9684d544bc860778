import Testing

@testable import Publishing

// The seed's session sample, unchanged but for `import Publishing` in place of `import Combine`.
protocol SessionService {
    var isSignedIn: Bool { get set }
    var isSignedInPublisher: Published<Bool>.Publisher { get }
}
final class MyAppSessionService: SessionService {
    @Published var isSignedIn: Bool = false
    var isSignedInPublisher: Published<Bool>.Publisher { $isSignedIn }
}
final class AuthViewViewModel: ObservableObject {
    var isSignedIn: Bool { sessionService.isSignedIn }
    private var sessionService: SessionService = MyAppSessionService()
    var token: AnyCancellable?
    init() {
        token = sessionService.isSignedInPublisher.sink { [weak self] _ in
            self?.objectWillChange.send()
        }
    }
    func signIn() { sessionService.isSignedIn = true }
}

private final class Counter: ObservableObject {
    @Published var count = 0
    @Published var name = ""
}

private final class CustomWillChange: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

private final class SubjectWillChange: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    @Published var value = 0
}

private class BaseModel: ObservableObject {
    @Published var base = 0
}

private final class DerivedModel: BaseModel {
    @Published var derived = 0
}

// @unchecked: its only state is `@Published` storage, which is safe from any thread.
private final class SharedModel: ObservableObject, @unchecked Sendable {
    @Published var value = 0
}

// One class per kind, used only by the per-class test, so what its first object teaches is
// learnt there.
private final class PerClassSynthesized: ObservableObject {
    @Published var value = 0
}

private final class PerClassCustom: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

private final class PerClassPlain {
    @Published var value = 0
}

private final class NotObservable {
    @Published var value = 0
}

@Suite("@Published and ObservableObject")
struct PublishedTests {
    @Test(
        "The Combine session sample compiles and forwards changes through objectWillChange"
    )
    func combineSessionSample() {
        let viewModel = AuthViewViewModel()
        var changes = 0
        let token = viewModel.objectWillChange.sink { changes += 1 }
        // The subscription in init already received the current value, before `token` existed.
        #expect(changes == 0)
        viewModel.signIn()
        #expect(changes == 1)
        #expect(viewModel.isSignedIn)
        viewModel.signIn()
        #expect(changes == 2)
        withExtendedLifetime(token) {}
    }

    @Test("$property replays the current value, then every assignment")
    func projectedValueReplays() {
        let counter = Counter()
        counter.count = 1
        var received: [Int] = []
        let token = counter.$count.sink { received.append($0) }
        counter.count = 2
        counter.count = 2
        #expect(received == [1, 2, 2])
        withExtendedLifetime(token) {}
    }

    @Test("As in Combine: objectWillChange, then $property in willSet (a sink reads the old value)")
    func orderOfNotifications() {
        let counter = Counter()
        var seen: [String] = []
        let willChange = counter.objectWillChange.sink { seen.append("will \(counter.count)") }
        let did = counter.$count.dropFirst().sink { seen.append("did \($0)/\(counter.count)") }
        counter.count = 5
        #expect(seen == ["will 0", "did 5/0"])
        #expect(counter.count == 5)
        withExtendedLifetime((willChange, did)) {}
    }

    @Test("A property set again from a sink of its own publisher ends on the earlier value")
    func reassignedWhilePublishing() {
        // As in Combine, which stores after publishing (`willSet`): the nested assignment
        // stores first, and the one that was delivering stores after it.
        let counter = Counter()
        var received: [Int] = []
        let token = counter.$count.dropFirst().sink { value in
            received.append(value)
            if value == 1 { counter.count = 2 }
        }
        counter.count = 1
        #expect(received == [1, 2])
        #expect(counter.count == 1)
        withExtendedLifetime(token) {}
    }

    @Test("objectWillChange fires for every @Published property and is one per object")
    func objectWillChangeCoversAllProperties() {
        let counter = Counter()
        #expect(counter.objectWillChange === counter.objectWillChange)
        #expect(counter.objectWillChange !== Counter().objectWillChange)
        var changes = 0
        let token = counter.objectWillChange.sink { changes += 1 }
        counter.count += 1
        counter.name = "x"
        #expect(changes == 2)
        withExtendedLifetime(token) {}
    }

    @Test(
        "objectWillChange tells a subscriber of every change once it has asked, whatever it asked for, as Combine's"
    )
    func objectWillChangeIgnoresTheCount() {
        let counter = Counter()
        let probe = DemandProbe<Void, Never>(initial: .none)
        counter.objectWillChange.subscribe(probe)
        counter.count += 1
        #expect(probe.values.isEmpty)
        probe.request(.max(1))
        #expect(probe.values.isEmpty)
        for _ in 0..<3 { counter.count += 1 }
        // Three changes for a request of one: none is lost to the count.
        #expect(probe.values.count == 3)
        probe.cancel()
        counter.count += 1
        #expect(probe.values.count == 3)
    }

    // Linux: the table behind Publishing's own objectWillChange.
    #if !canImport(Combine)
        @Test("An object with @Published properties keeps objectWillChange in them, not the table")
        func objectWillChangeLivesInPublishedStorage() {
            let counter = Counter()
            let willChange = counter.objectWillChange
            #expect(!WillChangeRegistry.shared.contains(counter))
            #expect(counter.objectWillChange === willChange)

            // With no @Published property there is nowhere else to keep it.
            let viewModel = AuthViewViewModel()
            #expect(viewModel.objectWillChange === viewModel.objectWillChange)
            #expect(WillChangeRegistry.shared.contains(viewModel))
        }
    #endif

    @Test(
        "A subclass shares one objectWillChange with its superclass's @Published properties",
        arguments: [false, true])
    func objectWillChangeAcrossSubclasses(assignsFirst: Bool) {
        let model = DerivedModel()
        // Assigning first makes the property find its publisher before anyone reads it.
        if assignsFirst { model.derived = -1 }
        var changes = 0
        let token = model.objectWillChange.sink { changes += 1 }
        model.base = 1
        model.derived = 1
        #expect(changes == 2)
        withExtendedLifetime(token) {}
    }

    @Test(
        "Concurrent first reads of objectWillChange agree on one publisher",
        .skippedInAppleImitation(
            "OpenCombine can make two objectWillChange publishers when two threads read it first at once; Apple's is not checked here"
        )
    )
    func concurrentFirstReads() async {
        for _ in 0..<100 {
            let model = SharedModel()
            let publishers = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<4 {
                    group.addTask { ObjectIdentifier(model.objectWillChange) }
                }
                return await Set(group.reduce(into: []) { $0.append($1) })
            }
            #expect(publishers == [ObjectIdentifier(model.objectWillChange)])
        }
    }

    @Test("A hand-written objectWillChange is not fired by @Published, as in Combine")
    func declaredObjectWillChange() {
        let custom = CustomWillChange()
        var customChanges = 0
        let customToken = custom.objectWillChange.sink { customChanges += 1 }
        custom.value = 1
        #expect(customChanges == 0)
        custom.objectWillChange.send()  // the class sends its own
        #expect(customChanges == 1)

        let subjectBacked = SubjectWillChange()
        var subjectChanges = 0
        let subjectToken = subjectBacked.objectWillChange.sink { subjectChanges += 1 }
        subjectBacked.value = 1
        #expect(subjectChanges == 0)
        #expect(subjectBacked.value == 1)
        withExtendedLifetime((customToken, subjectToken)) {}
    }

    @Test(
        "Every object of a class fires its synthesized objectWillChange, never a hand-written one"
    )
    func laterObjectsOfAClassStillFire() {
        // Assign before subscribing, as a view model's init does: the synthesized publisher is
        // installed when first read, and fires from then on.
        for round in 1...3 {
            let synthesized = PerClassSynthesized()
            synthesized.value = round
            var synthesizedChanges = 0
            let synthesizedToken = synthesized.objectWillChange.sink { synthesizedChanges += 1 }
            synthesized.value += 1
            #expect(synthesizedChanges == 1, "object \(round) of a synthesized class")

            let custom = PerClassCustom()
            var customChanges = 0
            let customToken = custom.objectWillChange.sink { customChanges += 1 }
            custom.value = round
            #expect(customChanges == 0, "object \(round) of a hand-written class")

            let plain = PerClassPlain()
            plain.value = round
            #expect(plain.value == round)
            withExtendedLifetime((synthesizedToken, customToken)) {}
        }
    }

    @Test("@Published works in a class that is not an ObservableObject")
    func publishedWithoutObservableObject() {
        let object = NotObservable()
        var received: [Int] = []
        let token = object.$value.sink { received.append($0) }
        object.value = 3
        #expect(received == [0, 3])
        withExtendedLifetime(token) {}
    }

    @Test("A view model subscribed to its own publishers is freed with its last reference")
    func noRetainCycle() {
        final class SelfObserving: ObservableObject {
            @Published var query = ""
            @Published var resultCount = 0
            var cancellables = Set<AnyCancellable>()
            init() {
                $query.map(\.count).sink { [weak self] in self?.resultCount = $0 }
                    .store(in: &cancellables)
                objectWillChange.sink { _ in }.store(in: &cancellables)
            }
        }
        weak var weakViewModel: SelfObserving?
        do {
            let viewModel = SelfObserving()
            weakViewModel = viewModel
            viewModel.query = "abc"
            #expect(viewModel.resultCount == 3)
        }
        #expect(weakViewModel == nil)
    }

    // Linux: the table behind Publishing's own objectWillChange.
    #if !canImport(Combine)
        @Test(
            "The objectWillChange table does not keep objects alive and does not grow without bound"
        )
        func registryStaysBounded() {
            weak var weakViewModel: AuthViewViewModel?
            for _ in 0..<10_000 {
                let viewModel = AuthViewViewModel()
                weakViewModel = viewModel
                viewModel.signIn()
                _ = viewModel.objectWillChange
            }
            #expect(weakViewModel == nil)
            #expect(WillChangeRegistry.shared.count < 1_000)
        }
    #endif

    @Test("A sink reading the property sees the old value; the value it is given is the new one")
    func publishesInWillSet() {
        let form = EmailForm()
        var seen: [String] = []
        let token = form.$email.sink { seen.append("\($0) while the property is \(form.email)") }
        form.email = "a@b.c"
        #expect(seen == [" while the property is ", "a@b.c while the property is "])
        #expect(form.email == "a@b.c")
        withExtendedLifetime(token) {}
    }

    @Test("objectWillChange fires once per assignment, before $property, before the store")
    func objectWillChangeComesFirst() {
        let form = EmailForm()
        var seen: [String] = []
        let willChange = form.objectWillChange.sink { _ in seen.append("will: \(form.email)") }
        let published = form.$email.dropFirst().sink { seen.append("sent \($0): \(form.email)") }
        form.email = "x"
        form.isValid = true
        #expect(seen == ["will: ", "sent x: ", "will: x"])
        withExtendedLifetime((willChange, published)) {}
    }

    // Linux: the hook a test's wait takes values through. It runs under the relay's lock, so
    // it looks at the stored value directly, as only the lock's holder may.
    #if !canImport(Combine)
        @Test(
            "A wait's hook gets each value once stored, in order: alone, and beside a sink",
            arguments: [false, true])
        func afterStoreHookSeesTheStore(besideASink: Bool) {
            let model = SharedModel()
            let relay = model.$value.relay
            var seen: [String] = []
            let hook = model.$value.sinkAfterStores { seen.append("\($0) stored \(relay.stored!)") }
            let sink = besideASink ? model.$value.sink { _ in } : nil
            model.value = 1
            model.value = 2
            #expect(seen == ["0 stored 0", "1 stored 1", "2 stored 2"])
            withExtendedLifetime((hook, sink)) {}
        }

        @Test("A cancelled hook is released and gets nothing more; a sink beside it goes on")
        func cancelledHookIsReleased() {
            final class Probe {
                let onDeinit: () -> Void
                init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
                deinit { onDeinit() }
            }
            let model = SharedModel()
            var released = false
            var hooked: [Int] = []
            var sunk: [Int] = []
            var probe: Probe? = Probe { released = true }
            let hook = model.$value.sinkAfterStores { [probe] value in
                withExtendedLifetime(probe) { hooked.append(value) }
            }
            probe = nil
            let sink = model.$value.sink { sunk.append($0) }
            model.value = 1
            hook.cancel()
            #expect(released)
            model.value = 2
            #expect(hooked == [0, 1])
            #expect(sunk == [0, 1, 2])
            #expect(model.value == 2)
            withExtendedLifetime(sink) {}
        }
    #endif
}
