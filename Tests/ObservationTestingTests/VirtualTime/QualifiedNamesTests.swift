import Foundation
import ObservationTesting
import Publishing
import Testing

/// The names swift-clocks and combine-schedulers share with this package, spelled as a test
/// target that imports both must spell them: qualified with the module.
@Suite("Module-qualified names")
struct QualifiedNamesTests {
    @Test("Every shared name can be qualified with its module")
    func qualifiedNames() async {
        let clock = ObservationTesting.TestClock()
        let immediate = ObservationTesting.ImmediateClock()
        let unimplemented = ObservationTesting.UnimplementedClock()
        let scheduler: ObservationTesting.TestSchedulerOf<DispatchQueue> = DispatchQueue.test
        let erased: Publishing.AnySchedulerOf<DispatchQueue> = scheduler.eraseToAnyScheduler()
        let generic:
            ObservationTesting.TestScheduler<
                DispatchQueue.SchedulerTimeType, DispatchQueue.SchedulerOptions
            > = scheduler
        let never: ObservationTesting.UnimplementedSchedulerOf<DispatchQueue> =
            DispatchQueue.unimplemented()
        try? await immediate.sleep(for: .seconds(1))
        #expect(immediate.now == ObservationTesting.TestClock.Instant(offset: .seconds(1)))
        #expect(clock.now == unimplemented.now)
        #expect(erased.now == generic.now)
        _ = never.now
    }
}
