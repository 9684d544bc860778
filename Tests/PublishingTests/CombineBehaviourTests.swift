// What view-model code can observe of Combine, asserted the same way in both configurations:
// against Publishing's own implementation on Linux, and against Combine in the imitated Apple
// configuration (.ci/apple-sim runs this suite there). A test here that passes on one side only
// is a difference user code would meet; those left are listed in "Differences from Combine".
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

private final class Form: ObservableObject {
    @Published var email = ""
    @Published var isValid = false
}

private final class Label {
    var text = ""
}

@Suite("Combine behaviour, the same in both configurations", .untilTimeout(.seconds(30)))
struct CombineBehaviourTests {
    @Test("A sink reading the property sees the old value; the value it is given is the new one")
    func publishesInWillSet() {
        let form = Form()
        var seen: [String] = []
        let token = form.$email.sink { seen.append("\($0) while the property is \(form.email)") }
        form.email = "a@b.c"
        #expect(seen == [" while the property is ", "a@b.c while the property is "])
        #expect(form.email == "a@b.c")
        withExtendedLifetime(token) {}
    }

    @Test("objectWillChange fires once per assignment, before $property, before the store")
    func objectWillChangeComesFirst() {
        let form = Form()
        var seen: [String] = []
        let willChange = form.objectWillChange.sink { _ in seen.append("will: \(form.email)") }
        let published = form.$email.dropFirst().sink { seen.append("sent \($0): \(form.email)") }
        form.email = "x"
        form.isValid = true
        #expect(seen == ["will: ", "sent x: ", "will: x"])
        withExtendedLifetime((willChange, published)) {}
    }

    @Test("A CurrentValueSubject holds the new value while it delivers it")
    func currentValueSubjectStoresFirst() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [String] = []
        let token = subject.sink { seen.append("\($0)/\(subject.value)") }
        subject.send(1)
        #expect(seen == ["0/0", "1/1"])
        withExtendedLifetime(token) {}
    }

    @Test("A value sent from inside a sink reaches every subscriber once; nothing deadlocks")
    func reentrantSendsArriveOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        let tokens = [
            subject.sink { value in
                first.append(value)
                if value == 1 { subject.send(2) }
            },
            subject.sink { second.append($0) },
        ]
        subject.send(1)
        // The order differs (Combine delivers the inner send at once, Publishing after the
        // value being delivered): only what arrives is the same.
        #expect(first.sorted() == [1, 2])
        #expect(second.sorted() == [1, 2])
        withExtendedLifetime(tokens) {}
    }

    @Test("Cancelling inside its own sink stops the subscription's later values at once")
    func cancelInsideDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var token: AnyCancellable?
        token = subject.sink { value in
            received.append(value)
            token?.cancel()
        }
        subject.send(1)
        subject.send(2)
        #expect(received == [1])
    }

    @Test("receive(on:) a serial queue delivers every value there, in order")
    func receiveOnSerialQueue() async {
        let queue = DispatchQueue(label: "CombineBehaviourTests.serial")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let subject = PassthroughSubject<Int, Never>()
        let onQueue = Locked<[Bool]>([])
        let recorder = subject.receive(on: queue)
            .map { value in
                onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: key) == true) }
                return value
            }
            .record()
        for value in 1...5 { subject.send(value) }
        await until(recorder, emits: [1, 2, 3, 4, 5])
        #expect(onQueue.withLock { $0 } == Array(repeating: true, count: 5))
    }

    @Test("debounce on a scheduler sends the last value of a burst once the burst is quiet")
    func debounceOnAScheduler() async {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record()
        subject.send("s")
        scheduler.advance(by: .milliseconds(100))
        subject.send("sw")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == ["sw"])
    }

    @Test("assign(to: &$property) assigns each value and fires objectWillChange")
    func assignToPublished() {
        let form = Form()
        form.$email.map { $0.contains("@") }.assign(to: &form.$isValid)
        var changes = 0
        let willChange = form.objectWillChange.sink { _ in changes += 1 }
        form.email = "a@b.c"
        #expect(form.isValid)
        // The email's change and the validity's.
        #expect(changes == 2)
        withExtendedLifetime(willChange) {}
    }

    @Test("assign(to:on:) assigns each value to the object's property")
    func assignToKeyPath() {
        let label = Label()
        let subject = PassthroughSubject<String, Never>()
        let token = subject.assign(to: \.text, on: label)
        subject.send("Hello")
        #expect(label.text == "Hello")
        token.cancel()
        subject.send("ignored")
        #expect(label.text == "Hello")
    }

    @Test("A subject's completion ends every subscription; later sends are ignored")
    func completionEndsSubscriptions() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let token = subject.sink(
            receiveCompletion: { _ in events.append("finished") },
            receiveValue: { events.append("\($0)") })
        subject.send(1)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(events == ["1", "finished"])
        withExtendedLifetime(token) {}
    }
}
