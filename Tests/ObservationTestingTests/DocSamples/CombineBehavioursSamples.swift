import ObservationTesting
import Publishing
import Testing

// The Combine behaviours article's samples, as written there: each is a behaviour of Combine
// that a test meets, shown passing, so the article cannot claim what Combine (or Publishing on
// Linux) does not do.

final class SwitchModel: ObservableObject {
    @Published var isOn = false
}

struct Offline: Error {}

@Suite("Combine behaviours your tests will meet", .untilTimeout(.seconds(30)))
struct CombineBehavioursSamples {
    @Test func publishedSendsEqualValues() async {
        let model = SwitchModel()
        let all = model.$isOn.record()
        let changes = model.$isOn.removeDuplicates().record()
        model.isOn = false  // the same value, sent again
        model.isOn = true
        await until(all, emits: [false, false, true])
        await until(changes, emits: [false, true])
    }

    @Test func prefixFinishesOnTheNextValue() async {
        let subject = PassthroughSubject<Int, Never>()
        let firstTwo = subject.prefix(2).record()
        subject.send(1)
        subject.send(2)
        #expect(firstTwo.completion == nil)  // both values arrived, and it has not finished
        subject.send(3)  // the value after the prefix finishes it
        #expect(await firstTwo.finished() == [1, 2])
    }

    @Test func futureNeedsDeferredForRetry() async {
        var attempts = 0
        let future = Future<Int, Offline> { promise in
            attempts += 1  // runs once, as the Future is made
            promise(.failure(Offline()))
        }
        #expect(await future.retry(2).record().failure() != nil)
        #expect(attempts == 1)  // retried, but the work ran once

        attempts = 0
        let request = Deferred {
            Future<Int, Offline> { promise in
                attempts += 1  // runs on each subscription
                promise(.failure(Offline()))
            }
        }
        #expect(await request.retry(2).record().failure() != nil)
        #expect(attempts == 3)  // the first try and two retries
    }
}
