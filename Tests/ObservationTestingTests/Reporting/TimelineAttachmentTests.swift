import Foundation
import Observation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// Runs `body` with failures captured, and returns them with the attachments made beside them.
private func capturing(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async -> Void
) async -> (failures: [String], attachments: [(name: String, text: String)]) {
    let capture = FailureCapture()
    await FailureReporter.$capture.withValue(capture) { await body() }
    return (capture.failures.withLock { $0.map(\.message) }, capture.attachments.withLock { $0 })
}

/// Changes `model.count` `times` times, each in a state of its own, then throws.
@MainActor
private func count(_ model: TrackedModel, to times: Int) async throws {
    for _ in 0..<times {
        model.count += 1
        await Task.yield()
    }
    throw TestError(code: 1)
}

// The Swift Testing tests of long timelines run on `OwnQueueActor`, a serial queue of its own,
// with models of no actor, and their actions take the actor's next turn between changes rather
// than `Task.yield()`: each of the 20 changes needs a turn, and a yield (through the shared
// concurrency pool), or a turn of the main actor, waits behind the other tests' work, on a
// loaded machine for longer in all than the timeout. The wait ends when the action throws; its
// timeout, which only a hang reaches, is there for one (under ThreadSanitizer on a loaded
// machine this queue's turns have come seconds apart). 20 changes outnumber what a message keeps.

/// An `@Observable` model of no actor.
@Observable
private final class Counter {
    var count = 0
}

/// An `ObservableObject` of no actor.
private final class ItemList: ObservableObject {
    @Published var items: [Int] = []
}

/// Changes `model.count` `times` times, each in a state of its own, then throws.
@OwnQueueActor
private func count(_ model: Counter, to times: Int) async throws {
    for _ in 0..<times {
        model.count += 1
        await OwnQueueActor.shared.executor.nextTurn()
    }
    throw TestError(code: 1)
}

@Suite("Full timelines beside failures", .untilTimeout(.seconds(30)))
struct TimelineAttachmentTests {
    @Test("A publisher's long timeline is attached whole; the message stays short and says where")
    @MainActor
    func publisherTimeline() async {
        let line = #line + 2
        let (failures, attachments) = await capturing {
            await until((0..<30).publisher, satisfies: [{ $0 == 3 }, { $0 == 100 }])
        }
        let name = "timeline-TimelineAttachmentTests.swift-\(line).txt"
        #expect(failures.count == 1)
        let message = failures.first ?? ""
        #expect(message.contains("Values received (30), oldest first:"))
        #expect(message.contains("  … 15 more …"))
        #expect(!message.contains("  [10] +"))
        #expect(message.contains("The full timeline is attached to the test as \"\(name)\"."))
        #expect(attachments.count == 1)
        let attachment = attachments.first
        #expect(attachment?.name == name)
        let text = attachment?.text ?? ""
        #expect(text.contains("Values received (30), oldest first, every one, in full:"))
        // Every value, which condition each met, and the condition still pending.
        for index in 0..<30 { #expect(text.contains("  [\(index)] +")) }
        #expect(text.contains("  3  ← met condition 1"))
        #expect(text.contains("condition 2 of 2"))
        #expect(!text.contains("more …"))
    }

    @Test("A short timeline is all in the message, with nothing attached")
    @MainActor
    func shortTimeline() async {
        let (failures, attachments) = await capturing {
            await until((0..<15).publisher, satisfies: [{ $0 == 100 }])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("full timeline") == false)
        #expect(attachments.isEmpty)
    }

    @Test("An @Observable property's long timeline is attached too")
    @OwnQueueActor
    func observableTimeline() async {
        let model = Counter()
        let (failures, attachments) = await capturing {
            await until(model, \.count, satisfies: [{ $0 == 100 }], timeout: 600) {
                try await count(model, to: 20)
            }
        }
        // Each change is its own state here; the test asks no more than that most arrive.
        #expect(failures.count == 1)
        #expect(
            failures.first?.contains("the action threw ObservationTestingTests.TestError") == true,
            "\(failures)")
        #expect(failures.first?.contains("The full timeline is attached to the test") == true)
        #expect(attachments.first?.text.contains("oldest first, every one, in full:") == true)
        #expect(attachments.first?.text.contains("  20\n") == true)
    }

    @Test("An ObservableObject's long timeline of states is attached too")
    @OwnQueueActor
    func observableObjectTimeline() async {
        let viewModel = ItemList()
        let (failures, attachments) = await capturing {
            await until(viewModel, timeout: 600) {
                $0.items.count == 100
            } perform: {
                for count in 1...20 {
                    viewModel.items.append(count)
                    await OwnQueueActor.shared.executor.nextTurn()
                }
                throw TestError(code: 1)
            }
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.contains("the action threw ObservationTestingTests.TestError") == true,
            "\(failures)")
        #expect(attachments.count == 1)
        #expect(attachments.first?.text.contains("items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10") == true)
    }

    @Test("Past what is kept, the attachment counts the values it left out")
    func boundedTimeline() {
        var timeline = Timeline<Int>()
        for value in 0..<2_000 { timeline.record(value, elapsed: .zero, metCondition: nil) }
        let lines = timeline.allLines()
        #expect(lines.first == "Values received (2000), oldest first, every one kept, in full:")
        #expect(lines.count == 1 + 1_000 + 1 + 10)
        #expect(lines.contains("  … 990 more …"))
        #expect(lines.last?.hasSuffix("  1999") == true)
        #expect(timeline.lines().count == 1 + 5 + 1 + 10)
    }

    @Test("In a Swift Testing test, the timeline is recorded as an attachment of the test")
    @MainActor
    func recordedThroughSwiftTesting() async {
        await withKnownIssue("Deliberate: a failing wait with a long timeline") {
            await until((0..<20).publisher, satisfies: [{ $0 == 100 }])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "is attached to the test as \"timeline-TimelineAttachmentTests.swift-")
                && issue.comments.map(\.rawValue).joined().contains("--attachments-path")
        }
    }
}

final class TimelineAttachmentXCTests: FailureCapturingTestCase {
    @MainActor
    func testLongTimelineIsWrittenToAFileTheMessageNames() async throws {
        let model = TrackedModel()
        let line = #line + 2
        let failures = await captureFailures {
            await until(model, \.count, satisfies: [{ $0 == 100 }], timeout: 30) {
                try await count(model, to: 40)
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        let message = failures.first?.description ?? ""
        let path = try XCTUnwrap(
            message.components(separatedBy: "The full timeline is in ").dropFirst().first?
                .components(separatedBy: ".txt.").first.map { $0 + ".txt" },
            message)
        XCTAssertTrue(path.hasSuffix("timeline-TimelineAttachmentTests.swift-\(line).txt"), path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("oldest first, every one, in full:"), text)
        // Each time in full, to the millisecond; what it reads depends on the machine's load.
        XCTAssertTrue(text.contains(/\n  \[0\] \+\d+\.\d{3} s  0\n/), text)
        XCTAssertTrue(text.contains("  40\n"), text)
        XCTAssertFalse(text.contains("more …"), text)
    }

    @MainActor
    func testShortTimelineWritesNothing() async {
        let failures = await captureFailures {
            await until((0..<3).publisher, satisfies: [{ $0 == 100 }])
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertFalse(failures.first?.description.contains("full timeline") ?? true)
    }
}
