// DispatchQueue as a scheduler: its time and stride at the edges of their range, where Combine
// saturates rather than trapping. What is asserted is what OpenCombine's
// DispatchQueueSchedulerTests record of Apple's Combine (they run against it). Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine).
import Dispatch
import Publishing
import Testing

@Suite("DispatchQueue's scheduler time and stride")
struct DispatchSchedulerTimeTests {
    typealias Time = DispatchQueue.SchedulerTimeType
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    static func time(_ uptimeNanoseconds: UInt64) -> Time {
        Time(DispatchTime(uptimeNanoseconds: uptimeNanoseconds))
    }

    @Test("Advancing past the end of time is the distant future; before its start, its start")
    func advancingSaturates() {
        let time = Self.time(10_000)
        #expect(time.advanced(by: .nanoseconds(431)) == Self.time(10_431))
        #expect(time.advanced(by: .nanoseconds(-220)) == Self.time(9_780))
        #expect(time.advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
        #expect(time.advanced(by: .seconds(.max)).dispatchTime == .distantFuture)
        #expect(Self.time(1).advanced(by: .nanoseconds(-1_000)) == Self.time(1))
    }

    @Test("A distance wider than Int's range is .nanoseconds(.max), whichever way it goes")
    func distanceSaturates() {
        let early = Self.time(10_000)
        let distantFuture = Time(.distantFuture)
        let almostDistantFuture = Self.time(DispatchTime.distantFuture.uptimeNanoseconds - 1_024)
        let intMax = Self.time(UInt64(Int.max))
        #expect(early.distance(to: Self.time(10_431)) == .nanoseconds(431))
        #expect(Self.time(10_431).distance(to: early) == .nanoseconds(-431))
        #expect(early.distance(to: distantFuture) == .nanoseconds(.max))
        #expect(distantFuture.distance(to: early) == .nanoseconds(.max))
        #expect(early.distance(to: almostDistantFuture) == .nanoseconds(.max))
        #expect(almostDistantFuture.distance(to: early) == .nanoseconds(.max))
        // Within range, however far: the exact distance.
        #expect(
            intMax.distance(to: almostDistantFuture) == .nanoseconds(9_223_372_036_854_774_784))
        #expect(early.distance(to: intMax) == .nanoseconds(.max - 10_000))
        #expect(intMax.distance(to: early) == .nanoseconds(-(.max - 10_000)))
        #expect(distantFuture.distance(to: distantFuture) == .nanoseconds(0))
    }

    @Test("A stride made from a DispatchTimeInterval out of range is Int's largest or smallest")
    func strideFromIntervalSaturates() {
        #expect(Stride(.seconds(2)).magnitude == 2_000_000_000)
        #expect(Stride(.milliseconds(-2)).magnitude == -2_000_000)
        #expect(Stride(.never).magnitude == .max)
        #expect(Stride(.seconds(.max)).magnitude == .max)
        #expect(Stride(.seconds(.min)).magnitude == .min)
        #expect(Stride(.milliseconds(.max)).magnitude == .max)
        #expect(Stride(.milliseconds(.min)).magnitude == .min)
        #expect(Stride(.microseconds(.max)).magnitude == .max)
        #expect(Stride(.microseconds(.min)).magnitude == .min)
        #expect(Stride(.nanoseconds(.min)).magnitude == .min)
    }

    @Test("A stride made from a number out of range is Int's largest or smallest")
    func strideFromNumberSaturates() {
        #expect(Stride.seconds(1.2).magnitude == 1_200_000_000)
        #expect((1.2 as Stride).magnitude == 1_200_000_000)
        #expect((2 as Stride).magnitude == 2_000_000_000)
        #expect(Stride.seconds(.max).magnitude == .max)
        #expect(Stride.milliseconds(.max).magnitude == .max)
        #expect(Stride.microseconds(.max).magnitude == .max)
        #expect(Stride.nanoseconds(.max).magnitude == .max)
        #expect(Stride.seconds(Double(Int.max) / 1_000_000_000).magnitude == .max)
        let justUnder = Stride.seconds(Double(Int.max) / 1_000_000_000 - 1)
        #expect(justUnder.magnitude == 9_223_372_035_854_776_320)
        #expect(Stride(exactly: UInt64.max) == nil)
        #expect(Stride(exactly: 2 as UInt64)?.magnitude == 2_000_000_000)
    }

    @Test("The product of strides under a second in all is zero, as Combine's")
    func productOfSmallStridesIsZero() {
        #expect((Stride.nanoseconds(0) * .nanoseconds(61_346)).magnitude == 0)
        #expect((Stride.nanoseconds(18) * .nanoseconds(1)).magnitude == 0)
        #expect((Stride.nanoseconds(18) * .microseconds(1)).magnitude == 0)
        #expect((Stride.microseconds(-3) * .nanoseconds(10)).magnitude == 0)
        var stride = Stride.nanoseconds(15)
        stride *= .nanoseconds(2)
        #expect(stride.magnitude == 0)
    }
}
