import ObservationTesting
import XCTest

/// The serial executor in XCTest, where there is no trait: `withSerialExecutor` around the
/// test's body.
final class SerialExecutorXCTests: XCTestCase {
    @MainActor
    func testFireAndForgetRefreshHasFinishedAfterSettle() async {
        var finished = 0
        for _ in 0..<100 {
            await withSerialExecutor {
                let feed = FeedModel(load: {
                    await Task.yield()
                    return ["a", "b"]
                })
                feed.refresh()
                await settle()
                if feed.items == ["a", "b"], !feed.isLoading { finished += 1 }
            }
        }
        XCTAssertEqual(finished, 100)
    }

    func testTasksHoppingOntoAnActorAndYieldingKeepOneOrder() async {
        let orders = await Interleavings.orders(
            runs: 100, serial: true, Interleavings.actorHopsAndYields)
        XCTAssertEqual(orders, 1)
    }
}

/// A failure of the serial executor's own reaches XCTest, at the caller's line.
final class SerialExecutorXCTestFailureTests: FailureCapturingTestCase {
    func testSettleOutsideAScopeFailsThroughXCTest() async {
        let failures = await captureFailures { await settle() }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 2)
        XCTAssertTrue(failures.first?.description.contains("withSerialExecutor") == true)
    }

    func testWorkLeftRunnableFailsThroughXCTest() async {
        let failures = await captureFailures {
            await withSerialExecutor {
                _ = Task { await Task.yield() }
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("still able to run") == true)
    }
}
