// 7–8. CPU while waiting 100 ms, and memory per wait and per value.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

/// CPU time while waiting, against polling and `XCTestExpectation`; memory.
@MainActor
func measureResources() async {
    await record("cpu.wait-100ms.until", unit: "ms cpu") {
        let subject = PassthroughSubject<Int, Never>()
        let before = cpuSeconds()
        await until(subject, satisfies: [{ $0 == 1 }]) {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
                subject.send(1)
            }
        }
        return (cpuSeconds() - before) * 1000
    }
    await record("cpu.wait-100ms.polling", unit: "ms cpu", baseline: "cpu.wait-100ms.until") {
        let flag = Flag()
        let before = cpuSeconds()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { flag.set() }
        await poll { flag.isSet }
        return (cpuSeconds() - before) * 1000
    }

    await record(
        "cpu.wait-100ms.xctestexpectation", unit: "ms cpu", baseline: "cpu.wait-100ms.until"
    ) {
        let expectation = XCTestExpectation(description: "value arrives")
        let before = cpuSeconds()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            expectation.fulfill()
        }
        await XCTWaiter().fulfillment(of: [expectation], timeout: 1)
        return (cpuSeconds() - before) * 1000
    }

    await record("memory.10000-untils", unit: "bytes/until") {
        let subject = CurrentValueSubject<Int, Never>(0)
        let before = peakResidentBytes()
        for value in 1...10_000 {
            subject.value = value
            await until(subject, satisfies: [{ $0 == value }])
        }
        return (peakResidentBytes() - before) / 10_000
    }
    await record("memory.1000000-value-subscription", unit: "bytes/value") {
        let subject = PassthroughSubject<[Int], Never>()
        var count = 0
        let token = subject.sink { count &+= $0.count }
        let before = peakResidentBytes()
        for _ in 0..<1_000_000 { subject.send([1]) }
        withExtendedLifetime(token) {}
        return (peakResidentBytes() - before) / 1_000_000
    }
}
