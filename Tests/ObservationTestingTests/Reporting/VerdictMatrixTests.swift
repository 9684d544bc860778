import ObservationTesting
import Publishing
import Testing
import XCTest

/// Every verb × every way it can fail, in both frameworks: exactly one failure is recorded, at
/// the call site the verb was given, and the wait returns `nil` or `false`. No case may pass.
///
/// Each case forwards an explicit call site (as a team's own helper would), unique to the case,
/// so a failure recorded anywhere else, or twice, or not at all, is caught.
enum VerdictMatrix {
    /// Where a case says it was called from.
    struct Site: Sendable {
        var fileID: String
        var filePath: StaticString
        var line: UInt
        var column: UInt
    }

    struct Case: Sendable {
        var verb: String
        var failure: String
        /// Runs the failing wait at `site` on the caller's isolation; `true` if it returned
        /// `nil` or `false`.
        var run: @Sendable (Site) async -> Bool
    }

    /// A short timeout, for the cases that time out.
    static let short: Timeout = .milliseconds(50)

    // Sources, made afresh for each case.
    static func silent() -> PassthroughSubject<Int, TestError> { PassthroughSubject() }
    static func finishing() -> Empty<Int, TestError> { Empty() }
    static func failing() -> Fail<Int, TestError> { Fail(error: TestError(code: 1)) }
    static func sending() -> CurrentValueSubject<Int, TestError> { CurrentValueSubject(1) }

    static func throwing(_ value: Int) throws -> Bool { throw TestError(code: 2) }

    /// State that Observation cannot see.
    enum Unobserved {
        static let value = 0
    }

    // The test a user forgets `finish()` in: the last change is made just before the step
    // that asserts the first, and its state is still to be read when the recorder is released.
    // The release fails where the recording started. (Returns `true`: the step itself passes.)
    @MainActor
    static func releasedUnasserted(_ viewModel: ListViewModel, at s: Site) async -> Bool {
        let changes = viewModel.recordChanges(
            fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column)
        await viewModel.load()
        return await changes.next { $0.isLoading = true }
    }

    @MainActor
    static func releasedUnasserted(_ model: TrackedModel, at s: Site) async -> Bool {
        let changes = model.recordChanges(
            \.isLoading, \.count, fileID: s.fileID, filePath: s.filePath, line: s.line,
            column: s.column)
        await model.load()
        return await changes.next { $0.isLoading = true }
    }

    static func site(_ index: Int) -> Site {
        Site(fileID: #fileID, filePath: #filePath, line: UInt(10_000 + index), column: 7)
    }

    // One line a case: the verb, how it fails, and the failing call.
    // swift-format-ignore
    static let cases: [Case] = [
        // until, with a list of conditions
        Case(verb: "until list", failure: "timeout") { s in
            await until(silent(), satisfies: [{ $0 == 9 }], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until list", failure: "idle") { s in
            await until(silent(), satisfies: [{ $0 == 9 }], timeout: .seconds(30), idleTimeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until list", failure: "early finish") { s in
            await until(finishing(), satisfies: [{ $0 == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until list", failure: "early failure") { s in
            await until(failing(), satisfies: [{ $0 == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until list", failure: "condition throws") { s in
            await until(sending(), satisfies: [throwing], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until list", failure: "action throws") { s in
            await until(silent(), satisfies: [{ $0 == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { throw TestError(code: 3) } == nil
        },
        Case(verb: "until list", failure: "action outlives the timeout") { s in
            await until(sending(), satisfies: [{ $0 == 1 }], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { await suspendUntilCancelled() } == nil
        },
        // until, with one condition
        Case(verb: "until single", failure: "timeout") { s in
            await until(silent(), satisfies: { $0 == 9 }, timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until single", failure: "idle") { s in
            await until(silent(), satisfies: [Condition { $0 == 9 }], timeout: .seconds(30), idleTimeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until single", failure: "early finish") { s in
            await until(finishing(), satisfies: { $0 == 9 }, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until single", failure: "early failure") { s in
            await until(failing(), satisfies: [.equals(9)], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until single", failure: "condition throws") { s in
            await until(sending(), satisfies: throwing, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until single", failure: "action throws") { s in
            await until(silent(), satisfies: { $0 == 9 }, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column, perform: { throw TestError(code: 3) }) == nil
        },
        Case(verb: "until single", failure: "action outlives the timeout") { s in
            await until(sending(), satisfies: { $0 == 1 }, timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column, perform: { await suspendUntilCancelled() }) == nil
        },
        // until(_:emits:)
        Case(verb: "emits", failure: "timeout") { s in
            await until(sending(), emits: [1, 2], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "emits", failure: "early finish") { s in
            await until(finishing(), emits: [1], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "emits", failure: "early failure") { s in
            await until(failing(), emits: [1], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "emits", failure: "mismatch") { s in
            await until(sending(), emits: [2], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "emits", failure: "action throws") { s in
            await until(silent(), emits: [1], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { throw TestError(code: 3) } == false
        },
        Case(verb: "emits", failure: "action outlives the timeout") { s in
            await until(sending(), emits: [1], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { await suspendUntilCancelled() } == false
        },
        // never
        Case(verb: "never", failure: "forbidden value") { s in
            await never(sending(), satisfies: { $0 == 1 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "never", failure: "early failure") { s in
            await never(failing(), satisfies: { $0 == 9 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "never", failure: "condition throws") { s in
            await never(sending(), satisfies: throwing, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "never", failure: "action throws") { s in
            await never(silent(), satisfies: { $0 == 9 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { throw TestError(code: 3) } == false
        },
        Case(verb: "never", failure: "action outlives the window") { s in
            await never(silent(), satisfies: { $0 == 9 }, for: .milliseconds(10), timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { await suspendUntilCancelled() } == false
        },
        Case(verb: "never on a property", failure: "the action's last change") { s in
            let counter = SharedCounter()
            return await never(counter, \.value, satisfies: { $0 == 1 }, for: 0.001, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { counter.value = 1 } == false
        },
        // stays
        Case(verb: "stays", failure: "broken condition") { s in
            await stays(sending(), satisfying: { $0 == 0 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "stays", failure: "early failure") { s in
            await stays(failing(), satisfying: { $0 == 9 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "stays", failure: "condition throws") { s in
            await stays(sending(), satisfying: throwing, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "stays", failure: "action throws") { s in
            await stays(silent(), satisfying: { $0 == 9 }, for: .seconds(30), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { throw TestError(code: 3) } == false
        },
        Case(verb: "stays", failure: "action outlives the window") { s in
            await stays(silent(), satisfying: { $0 == 9 }, for: .milliseconds(10), timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { await suspendUntilCancelled() } == false
        },
        Case(verb: "stays on a property", failure: "the action's last change") { s in
            let counter = SharedCounter()
            return await stays(counter, \.value, satisfying: { $0 == 0 }, for: 0.001, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { counter.value = 1 } == false
        },
        // until(_:_:), a condition over observable state
        Case(verb: "until state", failure: "timeout") { s in
            await until(PlainCounter(), timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value == 9 } == false
        },
        Case(verb: "until state", failure: "idle") { s in
            await until(PlainCounter(), timeout: .seconds(30), idleTimeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value == 9 } == false
        },
        Case(verb: "until state", failure: "reads no observable state") { s in
            await until(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { Unobserved.value == 9 } == false
        },
        Case(verb: "until state", failure: "condition throws") { s in
            await until(PlainCounter(), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { try throwing($0.value) } == false
        },
        Case(verb: "until state", failure: "action throws") { s in
            await until(PlainCounter(), fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value == 9 } perform: { throw TestError(code: 3) } == false
        },
        Case(verb: "until state", failure: "action outlives the timeout") { s in
            await until(PlainCounter(), timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value == 0 } perform: { await suspendUntilCancelled() } == false
        },
        // until(_:satisfies:), ordered conditions over observable state
        Case(verb: "until state list", failure: "timeout") { s in
            let counter = PlainCounter()
            return await until(counter, satisfies: [{ counter.value == 0 }, { counter.value == 9 }], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "until state list", failure: "reads no observable state") { s in
            await until(satisfies: [{ Unobserved.value == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "until state list", failure: "condition throws") { s in
            let counter = PlainCounter()
            return await until(counter, satisfies: [{ counter.value == 0 }, { try throwing(counter.value) }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        // ChangeRecorder
        Case(verb: "recordChanges next", failure: "timeout") { s in
            let changes = PlainCounter().recordChanges()
            defer { changes.finish() }
            return await changes.next(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value = 1 } == false
        },
        Case(verb: "recordChanges next", failure: "mismatch") { s in
            let counter = PlainCounter()
            let changes = counter.recordChanges()
            defer { changes.finish() }
            counter.value = 1
            return await changes.next(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value = 2 } == false
        },
        Case(verb: "recordChanges next", failure: "unknown property") { s in
            let changes = PlainCounter().recordChanges()
            defer { changes.finish() }
            return await changes.next(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0[name: "valu"] = 2 } == false
        },
        Case(verb: "recordChanges next", failure: "change throws") { s in
            let changes = PlainCounter().recordChanges()
            defer { changes.finish() }
            return await changes.next(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { _ in throw TestError(code: 4) } == false
        },
        Case(verb: "recordChanges next, not exhaustive", failure: "timeout") { s in
            let counter = PlainCounter()
            let changes = counter.recordChanges(exhaustive: false)
            defer { changes.finish() }
            counter.value = 1
            return await changes.next(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) { $0.value = 5 } == false
        },
        Case(verb: "recordChanges finish", failure: "changes not asserted") { s in
            let counter = PlainCounter()
            let changes = counter.recordChanges()
            counter.value = 1
            changes.finish(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column)
            return true
        },
        Case(verb: "recordChanges released", failure: "changes not asserted, ObservableObject") { s in
            await releasedUnasserted(ListViewModel(), at: s)
        },
        Case(verb: "recordChanges released", failure: "changes not asserted, @Observable") { s in
            await releasedUnasserted(TrackedModel(), at: s)
        },
        // Recorder.next()
        Case(verb: "recorder next", failure: "timeout") { s in
            await silent().record().next(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder next", failure: "early finish") { s in
            await finishing().record().next(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder next", failure: "early failure") { s in
            await failing().record().next(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder next(2)", failure: "timeout") { s in
            await sending().record().next(2, timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        // Recorder.prefix(until:)
        Case(verb: "recorder prefix", failure: "timeout") { s in
            await sending().record().prefix(until: { $0 == 9 }, timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder prefix", failure: "early finish") { s in
            await finishing().record().prefix(until: { $0 == 9 }, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder prefix", failure: "early failure") { s in
            await failing().record().prefix(until: { $0 == 9 }, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder prefix", failure: "condition throws") { s in
            await sending().record().prefix(until: throwing, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        // until(_:satisfies:) and until(_:emits:) on a recorder
        Case(verb: "until on a recorder", failure: "timeout") { s in
            await until(silent().record(), satisfies: [{ $0 == 9 }], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until on a recorder", failure: "idle") { s in
            await until(silent().record(), satisfies: [{ $0 == 9 }], timeout: .seconds(30), idleTimeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until on a recorder", failure: "early finish") { s in
            await until(finishing().record(), satisfies: [{ $0 == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until on a recorder", failure: "early failure") { s in
            await until(failing().record(), satisfies: [{ $0 == 9 }], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "until on a recorder", failure: "condition throws") { s in
            await until(sending().record(), satisfies: [throwing], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "emits on a recorder", failure: "mismatch") { s in
            await until(sending().record(), emits: [2], fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        Case(verb: "emits on a recorder", failure: "timeout") { s in
            await until(sending().record(), emits: [1, 2], timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == false
        },
        // Recorder.finished(), last() and failure()
        Case(verb: "recorder finished", failure: "timeout") { s in
            await silent().record().finished(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder finished", failure: "early failure") { s in
            await failing().record().finished(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder last", failure: "timeout") { s in
            await sending().record().last(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder last", failure: "early failure") { s in
            await failing().record().last(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder last", failure: "finished without a value") { s in
            await finishing().record().last(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder failure", failure: "timeout") { s in
            await silent().record().failure(timeout: short, fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
        Case(verb: "recorder failure", failure: "early finish") { s in
            await finishing().record().failure(fileID: s.fileID, filePath: s.filePath, line: s.line, column: s.column) == nil
        },
    ]
}

extension VerdictMatrix.Case: CustomTestStringConvertible {
    var testDescription: String { "\(verb): \(failure)" }
}

@Suite(
    "Verdict matrix: every verb fails exactly once, where it was called",
    .untilTimeout(.seconds(30)))
struct VerdictMatrixSwiftTestingTests {
    @Test(
        "Swift Testing records one issue at the call site, and the wait reports failure",
        arguments: zip(VerdictMatrix.cases.indices, VerdictMatrix.cases)
    )
    func failsOnce(index: Int, matrixCase: VerdictMatrix.Case) async {
        let site = VerdictMatrix.site(index)
        let recorded = Locked<[SourceLocation?]>([])
        var returnedFailure = false
        await withKnownIssue(
            "Deliberate: the verdict matrix checks that each failure reaches Swift Testing, once"
        ) {
            returnedFailure = await matrixCase.run(site)
        } matching: { issue in
            recorded.withLock { $0.append(issue.sourceLocation) }
            return true
        }
        let locations = recorded.withLock { $0 }
        #expect(returnedFailure, "\(matrixCase.testDescription) did not return nil or false")
        #expect(locations.count == 1, "\(matrixCase.testDescription): \(locations.count) issues")
        #expect(locations.first??.line == Int(site.line))
        #expect(locations.first??.fileID == site.fileID)
    }
}

final class VerdictMatrixXCTestTests: FailureCapturingTestCase {
    func testEveryCaseFailsOnceAtTheCallSite() async {
        // The suite's generous default, for the cases meant to fail for another reason.
        await withDefaultTimeout(.seconds(30)) {
            for (index, matrixCase) in VerdictMatrix.cases.enumerated() {
                let site = VerdictMatrix.site(index)
                var returnedFailure = false
                let failures = await captureFailures {
                    returnedFailure = await matrixCase.run(site)
                }
                let name = matrixCase.testDescription
                XCTAssertTrue(returnedFailure, "\(name) did not return nil or false")
                XCTAssertEqual(failures.count, 1, "\(name): \(failures.map(\.description))")
                XCTAssertEqual(failures.first?.line, Int(site.line), name)
                XCTAssertEqual(failures.first?.filePath, "\(site.filePath)", name)
            }
        }
    }
}
