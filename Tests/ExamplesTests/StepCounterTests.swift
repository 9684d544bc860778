import Examples
import ObservationTesting
import Testing

@Suite("StepCounter: an @Observable view model", .untilTimeout(.seconds(30)), .endOfTestChecks)
@MainActor
struct StepCounterTests {
    @Test("Each step is seen, and counting stops at the limit")
    func countsUpToTheLimit() async {
        let counter = StepCounter(limit: 2)
        expectDeallocated(counter)
        await until(counter, \.count, emits: [0, 1, 2]) {
            for _ in 0..<3 {
                counter.increment()
                await Task.yield()
            }
        }
        #expect(counter.count == 2)
    }
}

#if canImport(SwiftUI)
    import Foundation
    import Publishing
    import SwiftUI

    @Suite("The Examples' SwiftUI views", .untilTimeout(.seconds(30)), .endOfTestChecks)
    @MainActor
    struct ExampleViewTests {
        @Test("A view's onReceive gets the view model's published changes")
        func onReceiveSeesChanges() async {
            let cart = CartViewModel(center: NotificationCenter())
            let counts = PassthroughSubject<Int, Never>()
            let recorder = counts.record()
            // Held, so the view's subscription lives while the cart changes.
            let body = CartBadge(viewModel: cart) { counts.send($0) }.body
            cart.add("apple")
            cart.add("pear")
            await until(recorder, emits: [0, 1, 2])
            withExtendedLifetime(body) {}
        }
    }
#endif
