// 3–4. Publish cost, and subscribing and cancelling, beside a lock and a closure call.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

/// Sends through `@Published`, subjects and combining operators; subscribe and cancel.
@MainActor
func measurePublishCost() async {
    let publishes = options.quick ? 20_000 : 200_000
    do {
        let lock = NSLock()
        var sink = 0
        let closure: (Int) -> Void = { sink &+= $0 }
        timeSync("publish.floor.lock+closure", operations: publishes) {
            lock.withLock {}
            closure(1)
        }
        withExtendedLifetime(sink) {}
    }
    for subscribers in [0, 1, 10] {
        let model = Model()
        var total = 0
        let tokens = (0..<subscribers).map { _ in model.$value.sink { total &+= $0 } }
        timeSync(
            "publish.published.\(subscribers)-subscribers", operations: publishes,
            baseline: "publish.floor.lock+closure"
        ) {
            model.value &+= 1
        }
        withExtendedLifetime((tokens, total)) {}
    }
    do {
        // A read: what a view's body does most.
        let model = Model()
        var total = 0
        timeSync(
            "publish.published.read", operations: publishes, baseline: "publish.floor.lock+closure"
        ) {
            total &+= model.value
        }
        withExtendedLifetime(total) {}
    }
    do {
        let subject = PassthroughSubject<Int, Never>()
        var total = 0
        let token = subject.sink { total &+= $0 }
        timeSync(
            "publish.subject.send", operations: publishes, baseline: "publish.floor.lock+closure"
        ) {
            subject.send(1)
        }
        let willChange = ObservableObjectPublisher()
        let willChangeToken = willChange.sink { total &+= 1 }
        timeSync(
            "publish.objectWillChange.send", operations: publishes,
            baseline: "publish.floor.lock+closure"
        ) {
            willChange.send()
        }
        withExtendedLifetime((token, willChangeToken, total)) {}
    }

    // Delivery through the combining operators a view model chains: one send of two
    // upstreams' latest values, and one value through an inner publisher per upstream value.
    do {
        let email = CurrentValueSubject<String, Never>("")
        let password = CurrentValueSubject<String, Never>("")
        var total = 0
        let latest = email.combineLatest(password).sink { total &+= $0.count + $1.count }
        timeSync(
            "publish.combineLatest.send", operations: publishes,
            baseline: "publish.floor.lock+closure"
        ) {
            password.send("secret")
        }
        let queries = PassthroughSubject<Int, Never>()
        let flat = queries.flatMap { Just($0) }.sink { total &+= $0 }
        timeSync(
            "publish.flatMap.just", operations: publishes, baseline: "publish.floor.lock+closure"
        ) {
            queries.send(1)
        }
        withExtendedLifetime((latest, flat, total)) {}
    }

    do {
        let subject = CurrentValueSubject<Int, Never>(0)
        timeSync(
            "subscribe+cancel", operations: publishes / 10, baseline: "publish.floor.lock+closure"
        ) {
            subject.sink { _ in }.cancel()
        }
    }
}
