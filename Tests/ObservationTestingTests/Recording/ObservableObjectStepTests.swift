// How a step of an `ObservableObject`'s recorder, whose states hold no key path's values, finds
// the property a key path reads: on Linux by the `@Published` storage its read reaches; else by
// its type and the value it reads on the model, naming none on a step that passes, and names
// only where the properties it may be would give different verdicts.
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// Two properties of each of two types.
@MainActor
final class UploadViewModel: ObservableObject {
    @Published var isUploading = false
    @Published var hasFailed = false
    @Published var width = 0
    @Published var height = 0
    @Published var title = ""

    func upload() async {
        isUploading = true
        await Task.yield()
        isUploading = false
    }
}

/// A settable computed property over a `@Published` property of its own type.
@MainActor
final class VolumeViewModel: ObservableObject {
    @Published var volume = 1

    var percent: Int {
        get { volume * 100 }
        set { volume = newValue / 100 }
    }
}

/// Whether reading a `@Published` property tells a step which property it is: on Linux, where
/// `@Published` is the package's; Combine's tells no one.
#if canImport(Combine)
    private let publishedTellsItsProperty = false
#else
    private let publishedTellsItsProperty = true
#endif

@Suite("ObservableObject steps match key paths", .untilTimeout(.seconds(30)))
@MainActor
struct ObservableObjectStepTests {
    @Test("Passing typed steps of an ObservableObject name no key path")
    func passingStepsNameNothing() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        let named = await countingNamings {
            await checkout.submit()
            #expect(
                await changes.next {
                    $0.state = .submitting
                    $0.attempts += 1
                })
            #expect(await changes.next { $0.state = .confirmed })
            checkout.items.append("tea")
            #expect(await changes.next { $0.items.append("tea") })
            checkout.settings.isExpress = true
            #expect(await changes.next { $0.settings.isExpress.toggle() })
            checkout.error = CheckoutError(code: 7)
            #expect(await changes.next { $0.error = CheckoutError(code: 7) })
            checkout.error = nil
            checkout.retries = 2
            #expect(
                await changes.next {
                    $0.error = nil
                    $0.retries = $0.attempts + 1
                })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("Not exhaustive, a passing step names none either")
    func notExhaustiveNamesNothing() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges(exhaustive: false)
        let named = await countingNamings {
            upload.width = 3
            upload.width = 4
            #expect(await changes.next { $0.width = 4 })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("Two properties of one type, either of which a key path may be, both assigned, pass")
    func twinsPassNamingNothing() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        let named = await countingNamings {
            upload.width = 1
            upload.height = 1
            // Both 1 now, so each key path may be either; every way, the step passes.
            #expect(
                await changes.next {
                    $0.width = 1
                    $0.height = 1
                })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("A property found once is found again in a later step, with its twin equal now")
    func foundPropertyIsKept() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        let named = await countingNamings {
            upload.width = 2
            // width 2, height 0: the value read on the model tells them apart.
            #expect(await changes.next { $0.width = 2 })
            upload.width = 0
            upload.height = 0
            // Both 0 now: only what the first step found tells which one width is.
            #expect(await changes.next { $0.width = 0 })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("A wrong step fails naming the property, not another of its type")
    func wrongStepFailsNamingTheProperty() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        upload.hasFailed = true
        await withCapturedFailures {
            await changes.next { $0.isUploading = true }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("isUploading: expected true, got false")
                && text.contains("hasFailed: expected false, got true")
        }
        changes.finish()
    }

    @Test("Where the properties a key path may be give different verdicts, its read decides")
    func undecidedStepIsFound() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        await upload.upload()
        // Both false now: either may be the key path's by value, and the verdicts differ.
        if publishedTellsItsProperty {
            let named = await countingNamings {
                #expect(await changes.next { $0.isUploading = true })
            }
            #expect(named == 0)
        } else if KeyPathNames.components(of: \UploadViewModel.isUploading) != nil {
            // Combine's `@Published` tells no one: the name decides, where the build keeps it.
            let named = await countingNamings {
                #expect(await changes.next { $0.isUploading = true })
            }
            #expect(named > 0)
        } else {
            await withCapturedFailures {
                await changes.next { $0.isUploading = true }
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains(
                    "this build keeps no name to tell which")
            }
        }
        #expect(await changes.next { $0[name: "isUploading"] = false })
        changes.finish()
    }

    @Test("A settable computed property over a @Published one is not taken for it")
    func computedOverPublishedIsNotTheProperty() async {
        let model = VolumeViewModel()
        let changes = model.recordChanges()
        model.volume = 2
        // `percent` reads only `volume`'s storage, but holds another value: it is not `volume`.
        await withCapturedFailures {
            await changes.next { $0.percent = 200 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("has no observable property 'percent'")
                || text.contains("is not one property of VolumeViewModel")
        }
        // The step failed before taking the state: the next one takes it.
        #expect(await changes.next { $0.volume = 2 })
        changes.finish()
    }

    @Test("Where they differ and the step is wrong, it fails naming the property")
    func undecidedWrongStepFails() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        await upload.upload()
        let isFound =
            publishedTellsItsProperty
            || KeyPathNames.components(of: \UploadViewModel.hasFailed) != nil
        await withCapturedFailures {
            await changes.next { $0.hasFailed = true }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return isFound
                ? text.contains("isUploading: expected false, got true")
                    && text.contains("hasFailed: expected true, got false")
                : text.contains("this build keeps no name to tell which")
        }
        #expect(await changes.next { $0[name: "isUploading"] = false })
        changes.finish()
    }

    @Test("A step of a private property by name and a typed one together pass, naming none")
    func byNameAndTyped() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        let named = await countingNamings {
            checkout.renewToken()
            checkout.attempts = 1
            #expect(
                await changes.next {
                    $0[name: "token"] = "abc"
                    $0.attempts = 1
                })
            changes.finish()
        }
        #expect(named == 0)
    }
}

/// XCTest's side: a passing step names nothing, and a failing one fails through XCTest.
final class ObservableObjectStepXCTests: FailureCapturingTestCase {
    @MainActor
    func testAPassingStepNamesNoKeyPath() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        let lookups = Locked(0)
        await KeyPathNames.$lookups.withValue(lookups) {
            upload.title = "cat.png"
            let passed = await changes.next { $0.title = "cat.png" }
            XCTAssertTrue(passed)
        }
        XCTAssertEqual(lookups.withLock { $0 }, 0)
        changes.finish()
    }

    @MainActor
    func testAWrongStepFailsAtItsLine() async {
        let upload = UploadViewModel()
        let changes = upload.recordChanges()
        let failures = await captureFailures {
            upload.title = "cat.png"
            await changes.next(timeout: 30) { $0.title = "dog.png" }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 3)
        XCTAssertTrue(
            failures.first?.description.contains(
                "title: expected \"dog.png\", got \"cat.png\"") == true,
            failures.first?.description ?? "no failure")
        changes.finish()
    }
}
