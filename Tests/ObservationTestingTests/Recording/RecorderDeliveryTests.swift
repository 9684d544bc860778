import ObservationTesting
import Publishing
import Testing

/// How a recorder delivers to its readers: by the package's one delivery rule.
@Suite("Recorder delivery")
struct RecorderDeliveryTests {
    @Test("A value recorded from inside a reader's delivery goes out at once, nested in it")
    func nestedValueGoesOutAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let log = Locked<[String]>([])
        let token = recorder.sink { value in
            log.withLock { $0.append("begin \(value)") }
            if value == 1 { subject.send(2) }
            log.withLock { $0.append("end \(value)") }
        }
        subject.send(1)
        #expect(log.withLock { $0 } == ["begin 1", "begin 2", "end 2", "end 1"])
        #expect(recorder.values == [1, 2])
        withExtendedLifetime(token) {}
    }

    @Test("A value recorded from inside the backlog's delivery waits behind the backlog")
    func nestedValueKeepsTheBacklogsOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        let log = Locked<[String]>([])
        let token = recorder.sink { value in
            log.withLock { $0.append("begin \(value)") }
            if value == 1 { subject.send(3) }
            log.withLock { $0.append("end \(value)") }
        }
        #expect(
            log.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        subject.send(4)
        #expect(log.withLock { $0 }.suffix(2) == ["begin 4", "end 4"])
        withExtendedLifetime(token) {}
    }
}
