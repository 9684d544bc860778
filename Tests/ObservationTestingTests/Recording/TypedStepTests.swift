// Change steps typed by the model's key paths, as a `TestStore` user writes them: leading-dot
// cases, `+=`, `append`, `toggle()`, `nil`, nested members; for an `ObservableObject` and an
// `@Observable` model.
import Observation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

enum PaymentState: Equatable, Sendable {
    case idle, submitting, confirmed
    case failed(reason: String)
}

struct CheckoutSettings: Equatable, Sendable {
    var isExpress = false
    var note = ""
}

/// A checkout as an `ObservableObject`.
@MainActor
final class CheckoutViewModel: ObservableObject {
    @Published var state = PaymentState.idle
    @Published var attempts = 0
    @Published var retries = 0
    @Published var items: [String] = []
    @Published var settings = CheckoutSettings()
    @Published var error: CheckoutError?
    @Published private var token = ""

    /// Not a stored property: a step cannot set it.
    var isBusy: Bool { state == .submitting }

    /// Computed, of each kind of type that has no stand-in value: a read of one in a step cannot
    /// be answered from the state, and must not stop the process.
    var summary: String { "\(attempts) attempts" }
    var itemCounts: [String: Int] { Dictionary(items.map { ($0, 1) }, uniquingKeysWith: +) }
    var owner: CheckoutOwner { CheckoutOwner() }
    var labelled: LabelledSettings { LabelledSettings(label: "x", settings: settings) }

    /// On the main actor, where the tests record: a change made there is read before the code
    /// resumes from its yield. Made off it (a nonisolated `async` method runs on the global
    /// executor), the two changes a yield apart could be read as one state on a loaded machine.
    @MainActor
    func submit() async {
        state = .submitting
        attempts += 1
        await Task.yield()
        state = .confirmed
    }

    func renewToken() { token = "abc" }
}

final class CheckoutOwner {}

struct LabelledSettings {
    var label: String
    var settings: CheckoutSettings
}

struct CheckoutError: Error, Equatable {
    var code: Int
}

/// The same checkout as an `@Observable` model.
@MainActor @Observable
final class ObservableCheckout {
    var state = PaymentState.idle
    var attempts = 0
    var settings = CheckoutSettings()

    func submit() async {
        state = .submitting
        attempts += 1
        await Task.yield()
        state = .confirmed
    }
}

@Suite("Typed change steps", .untilTimeout(.seconds(30)))
@MainActor
struct TypedStepTests {
    @Test("A TestStore user's first steps compile and pass: a leading-dot case and += 1")
    func testStoreSteps() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        await checkout.submit()
        await changes.next {
            $0.state = .submitting
            $0.attempts += 1
        }
        await changes.next { $0.state = .confirmed }
        changes.finish()
    }

    @Test("The same steps for an @Observable model")
    func observableSteps() async {
        let checkout = ObservableCheckout()
        let changes = checkout.recordChanges(\.state, \.attempts)
        await checkout.submit()
        await changes.next {
            $0.state = .submitting
            $0.attempts += 1
        }
        await changes.next { $0.state = .confirmed }
        changes.finish()
    }

    @Test("append, toggle(), nil, nested members and payload cases compile and work")
    func mutations() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        checkout.items.append("tea")
        await changes.next { $0.items.append("tea") }
        checkout.settings.isExpress = true
        await changes.next { $0.settings.isExpress.toggle() }
        checkout.settings.note = "ring twice"
        await changes.next { $0.settings.note += "ring twice" }
        checkout.error = CheckoutError(code: 7)
        await changes.next { $0.error = CheckoutError(code: 7) }
        checkout.error = nil
        checkout.state = .failed(reason: "offline")
        await changes.next {
            $0.error = nil
            $0.state = .failed(reason: "offline")
        }
        changes.finish()
    }

    @Test("A step compares the property its key path names, not another of the same type")
    func exactProperty() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        checkout.retries = 1
        await withCapturedFailures {
            await changes.next { $0.attempts = 1 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("attempts: expected 1, got 0")
                && text.contains("retries: expected 0, got 1")
        }
        changes.finish()
    }

    @Test("A computed property fails the step, naming it; the step runs to its end")
    func computedProperty() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        checkout.attempts = 1
        var ranToTheEnd = false
        await withCapturedFailures {
            await changes.next {
                $0.attempts = 1
                if !$0.isBusy { ranToTheEnd = true }
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("CheckoutViewModel has no observable property 'isBusy'")
                || (!namesAreKept && text.contains("is not one property of CheckoutViewModel"))
        }
        #expect(ranToTheEnd)
        await changes.next { $0.attempts = 1 }
        changes.finish()
    }

    @Test("Reads the state cannot answer, of types with no stand-in, fail the step and go on")
    func readsOfEveryKind() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        checkout.attempts = 1
        var read: [String] = []
        let messages = await expectFailure {
            await changes.next {
                read.append($0.summary)
                read.append("\($0.itemCounts.count)")
                read.append("\(type(of: $0.owner))")
                read.append($0.labelled.label)
                read.append("\($0[name: "items"] ?? "none")")
                $0.attempts = 1
            }
        }
        #expect(read == ["1 attempts", "0", "CheckoutOwner", "x", "[]"])
        #expect(messages.count == 1)
        for name in ["summary", "itemCounts", "owner", "labelled"] where namesAreKept {
            #expect(messages.first?.contains("has no observable property '\(name)'") == true)
        }
        let message = messages.first ?? ""
        #expect(
            message.contains("has no observable property")
                || message.contains("is not one property of CheckoutViewModel"))
        await changes.next { $0.attempts = 1 }
        changes.finish()
    }

    @Test("A private property is written by name")
    func privateByName() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        checkout.renewToken()
        await changes.next { $0[name: "token"] = "abc" }
        changes.finish()
    }
}

/// XCTest's side: the same steps, and a failing one reported through XCTest.
final class TypedStepXCTests: FailureCapturingTestCase {
    @MainActor
    func testTestStoreStepsPass() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        await checkout.submit()
        await changes.next {
            $0.state = .submitting
            $0.attempts += 1
        }
        await changes.next { $0.state = .confirmed }
        changes.finish()
    }

    @MainActor
    func testAWrongStepFailsNamingTheProperty() async {
        let checkout = ObservableCheckout()
        let changes = checkout.recordChanges(\.state)
        let failures = await captureFailures {
            checkout.state = .submitting
            await changes.next(timeout: 30) { $0.state = .confirmed }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                "state: expected ObservationTestingTests.PaymentState.confirmed, got "
                    + "ObservationTestingTests.PaymentState.submitting") == true,
            failures.first?.description ?? "no failure")
        changes.finish()
    }
}
