import Foundation
import ObservationTesting
import Publishing
import Testing

// The README's test of `QueryViewModel`: `DispatchQueue` is Foundation's, which a Swift Testing
// file imports itself (XCTest brings it along; Swift Testing, Publishing and ObservationTesting
// do not).
@Suite struct QueryViewModelSample {
    @Test func settlesOnceTypingPauses() {
        let scheduler = DispatchQueue.test
        let viewModel = QueryViewModel(scheduler: scheduler.eraseToAnyScheduler())
        viewModel.query = "swift"
        scheduler.advance(by: .milliseconds(300))  // the debounce fires, here, now
        #expect(viewModel.settledQuery == "swift")
    }
}

@Suite struct UnimplementedFixturesSample {
    @Test func failWhenUsed() async {
        let clock = UnimplementedClock()  // any sleep fails the test, here
        let scheduler = DispatchQueue.unimplemented()  // so does any scheduled work
        await expectFailure(containing: "was asked to sleep") {
            try? await clock.sleep(for: .seconds(1))
        }
        await expectFailure(containing: "was asked to run an action") {
            scheduler.schedule {}
        }
    }
}
