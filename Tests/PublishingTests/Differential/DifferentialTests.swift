// A seeded differential test: generated operator chains and event scripts, run against
// Publishing's own implementation on Linux and against Combine in the imitated Apple
// configuration (.ci/apple-sim builds this file there too). The two cannot share a module, so
// with DIFFERENTIAL_TRACE naming a file, each configuration writes what its subscriber saw, one
// line per event, and .ci/differential compares the two files case by case. Without it, a few
// cases run and only Combine's contract is checked: a subscription first, no value after the
// completion, at most one completion, no more values than were demanded.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Differential: generated chains deliver what Combine's contract allows")
struct DifferentialTests {
    @Test("Generated chains and scripts; with DIFFERENTIAL_TRACE set, every event is written out")
    func generatedChains() throws {
        let environment = ProcessInfo.processInfo.environment
        let tracePath = environment["DIFFERENTIAL_TRACE"]
        let cases =
            environment["DIFFERENTIAL_CASES"].flatMap { Int($0) } ?? (tracePath == nil ? 60 : 300)
        let seed = environment["DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 34
        var trace = ""
        // DIFFERENTIAL_VERBOSE: each case's summary on standard error before it runs, to find
        // the case that traps (the imitation's OpenCombine traps on a few).
        let isVerbose = environment["DIFFERENTIAL_VERBOSE"] != nil
        // Each case runs twice: under a `sink` and under a subscriber of its own that counts its
        // demand, so both of Publishing's paths through every operator are compared (a `sink`
        // takes the package's closure path; any other subscriber the one that passes demand on).
        for id in 0..<cases {
            let generated = DifferentialCase(id: id, seed: seed)
            for bySink in [true, false] {
                let summary = generated.summary(bySink: bySink)
                if isVerbose {
                    FileHandle.standardError.write(Data("\(id): \(summary)\n".utf8))
                }
                let recorder = generated.run(bySink: bySink)
                if tracePath != nil {
                    trace += recorder.lines.joined(separator: "\n") + "\n"
                } else {
                    #expect(
                        recorder.violations.isEmpty,
                        "case \(id): \(summary): \(recorder.violations)")
                }
            }
        }
        if let tracePath {
            try trace.write(toFile: tracePath, atomically: true, encoding: .utf8)
        }
    }
}

/// SplitMix64: small, fast, and the same sequence in both configurations.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(0...(choices.count - 1))]
    }
}

private struct DifferentialError: Error, Equatable {
    let code: Int

    init(code: Int) {
        self.code = code
    }

    /// The error a throwing operator failed with, back in the chain's failure type.
    init(_ error: any Error) {
        self = error as? DifferentialError ?? DifferentialError(code: 99)
    }
}

private typealias Chain = AnyPublisher<Int, DifferentialError>
private typealias Scheduler = TestSchedulerOf<DispatchQueue>

private enum Source {
    case passthrough
    case currentValue(Int)
    case sequence([Int])
    case just(Int)
    case empty
    case fail(Int)

    var isSubject: Bool {
        switch self {
        case .passthrough, .currentValue: true
        default: false
        }
    }

    var label: String {
        switch self {
        case .passthrough: "PassthroughSubject"
        case .currentValue(let value): "CurrentValueSubject(\(value))"
        case .sequence(let values): "\(values).publisher"
        case .just(let value): "Just(\(value))"
        case .empty: "Empty"
        case .fail(let code): "Fail(\(code))"
        }
    }

    static func generate(_ random: inout SplitMix64) -> Source {
        switch random.int(0...9) {
        case 0...3: .passthrough
        case 4...5: .currentValue(random.int(0...5))
        case 6: .sequence((0..<random.int(0...4)).map { _ in random.int(0...5) })
        case 7: .just(random.int(0...5))
        case 8: .empty
        default: .fail(random.int(1...3))
        }
    }
}

private enum Operator {
    case map, filter, compactMap, removeDuplicates, scan
    case prefix(Int)
    case dropFirst(Int)
    case first, firstWhere
    case outputAt(Int)
    case prefixWhile, dropWhile
    case collect, count, reduce, replaceError, mapError
    case debounce(Int)
    case throttle(Int, latest: Bool)
    case delay(Int)
    case receiveOn
    case timeout(Int)
    case collectByTime(Int)
    case subscribeOn
    /// `measureInterval`, each interval sent on in milliseconds.
    case measureInterval
    // Throwing operators: a throw fails the chain with code 7.
    case tryMap, tryFilter, tryScan
    // Operators with a second upstream (`side`, a subject the script sends to) or that switch
    // upstreams.
    case flatMap(maxPublishers: Int?)
    case switchToLatest
    case merge, combineLatest, zip
    case catchSide, catchJust
    case retry(Int)
    case append, prepend
    case prefixUntilSide

    /// The operator's name as the comparison groups it: `throttle(latest:true)`, `prefix`.
    var family: String {
        switch self {
        case .map: "map"
        case .filter: "filter"
        case .compactMap: "compactMap"
        case .removeDuplicates: "removeDuplicates"
        case .scan: "scan"
        case .prefix: "prefix"
        case .dropFirst: "dropFirst"
        case .first: "first"
        case .firstWhere: "firstWhere"
        case .outputAt: "outputAt"
        case .prefixWhile: "prefixWhile"
        case .dropWhile: "dropWhile"
        case .collect: "collect"
        case .count: "count"
        case .reduce: "reduce"
        case .replaceError: "replaceError"
        case .mapError: "mapError"
        case .debounce: "debounce"
        case .throttle(_, let latest): "throttle(latest:\(latest))"
        case .delay: "delay"
        case .receiveOn: "receiveOn"
        case .timeout: "timeout"
        case .collectByTime: "collectByTime"
        case .subscribeOn: "subscribeOn"
        case .measureInterval: "measureInterval"
        case .tryMap: "tryMap"
        case .tryFilter: "tryFilter"
        case .tryScan: "tryScan"
        case .flatMap(let max): max == nil ? "flatMap" : "flatMap(maxPublishers:)"
        case .switchToLatest: "switchToLatest"
        case .merge: "merge"
        case .combineLatest: "combineLatest"
        case .zip: "zip"
        case .catchSide, .catchJust: "catch"
        case .retry: "retry"
        case .append: "append"
        case .prepend: "prepend"
        case .prefixUntilSide: "prefixUntilOutput"
        }
    }

    var label: String {
        switch self {
        case .map: "map{$0+1}"
        case .filter: "filter{$0%2==0}"
        case .compactMap: "compactMap{$0%3==0 ? nil : $0*10}"
        case .removeDuplicates: "removeDuplicates()"
        case .scan: "scan(0,+)"
        case .prefix(let count): "prefix(\(count))"
        case .dropFirst(let count): "dropFirst(\(count))"
        case .first: "first()"
        case .firstWhere: "first(where:{$0>2})"
        case .outputAt(let index): "output(at:\(index))"
        case .prefixWhile: "prefix(while:{$0<4})"
        case .dropWhile: "drop(while:{$0<3})"
        case .collect: "collect().map{count*1000+sum}"
        case .count: "count()"
        case .reduce: "reduce(0,+)"
        case .replaceError: "replaceError(with:-1).setFailureType"
        case .mapError: "mapError{code+10}"
        case .debounce(let due): "debounce(\(due)ms)"
        case .throttle(let interval, let latest): "throttle(\(interval)ms,latest:\(latest))"
        case .delay(let interval): "delay(\(interval)ms)"
        case .receiveOn: "receive(on:)"
        case .timeout(let interval): "timeout(\(interval)ms)"
        case .collectByTime(let interval):
            "collect(.byTime(\(interval)ms)).map{count*1000+sum}"
        case .subscribeOn: "subscribe(on:)"
        case .measureInterval: "measureInterval(using:).map{ms}"
        case .tryMap: "tryMap{$0==4 ? throw 7 : $0+1}"
        case .tryFilter: "tryFilter{$0==5 ? throw 7 : $0%2==1}"
        case .tryScan: "tryScan(0){$1==3 ? throw 7 : $0+$1}"
        case .flatMap(let max):
            "flatMap(maxPublishers:\(max.map(String.init) ?? "unlimited")){even ? side : [v,v+10]}"
        case .switchToLatest: "map{even ? side : [v,v+10]}.switchToLatest()"
        case .merge: "merge(with:side)"
        case .combineLatest: "combineLatest(side){a*100+b}"
        case .zip: "zip(side){a*100+b}"
        case .catchSide: "catch{_ in side}"
        case .catchJust: "catch{Just(-code)}"
        case .retry(let count): "retry(\(count))"
        case .append: "append(7,8)"
        case .prepend: "prepend(9)"
        case .prefixUntilSide: "prefix(untilOutputFrom:side)"
        }
    }

    var isTime: Bool {
        switch self {
        case .debounce, .throttle, .delay, .receiveOn, .timeout, .collectByTime, .subscribeOn,
            .measureInterval:
            true
        default: false
        }
    }

    /// Whether the operator subscribes to the script's second subject.
    var usesSide: Bool {
        switch self {
        case .flatMap, .switchToLatest, .merge, .combineLatest, .zip, .catchSide,
            .prefixUntilSide:
            true
        default: false
        }
    }

    static func generate(_ random: inout SplitMix64) -> Operator {
        switch random.int(0...16) {
        case 0: .map
        case 1: .filter
        case 2: .compactMap
        case 3: .removeDuplicates
        case 4: .scan
        case 5: .prefix(random.int(0...3))
        case 6: .dropFirst(random.int(0...3))
        case 7: .first
        case 8: .firstWhere
        case 9: .outputAt(random.int(0...3))
        case 10: .prefixWhile
        case 11: .dropWhile
        case 12: .collect
        case 13: .count
        case 14: .reduce
        case 15: .replaceError
        default: .mapError
        }
    }

    static func generateTime(_ random: inout SplitMix64) -> Operator {
        let interval = random.pick([10, 50, 100])
        return switch random.int(0...5) {
        case 0: .debounce(interval)
        case 1: .throttle(interval, latest: true)
        case 2: .throttle(interval, latest: false)
        case 3: .delay(interval)
        case 4: .timeout(interval)
        default: .receiveOn
        }
    }

    /// A time operator, `collect(.byTime)` among them: for the chains of time operators.
    static func generateTimeOrCollect(_ random: inout SplitMix64) -> Operator {
        random.chance(20) ? .collectByTime(random.pick([10, 50, 100])) : generateTime(&random)
    }

    static func generateThrowing(_ random: inout SplitMix64) -> Operator {
        random.pick([.tryMap, .tryFilter, .tryScan])
    }

    static func generateSwitching(_ random: inout SplitMix64) -> Operator {
        switch random.int(0...11) {
        case 0: .flatMap(maxPublishers: nil)
        case 1: .flatMap(maxPublishers: random.int(1...2))
        case 2: .switchToLatest
        case 3: .merge
        case 4: .combineLatest
        case 5: .zip
        case 6: .catchSide
        case 7: .catchJust
        case 8: .retry(random.int(0...2))
        case 9: .append
        case 10: .prepend
        default: .prefixUntilSide
        }
    }

    func apply(to upstream: Chain, scheduler: Scheduler, side: Chain) -> Chain {
        /// An even value's inner publisher is the side subject; an odd one's sends two values.
        func inner(_ value: Int) -> Chain {
            value % 2 == 0
                ? side
                : [value, value + 10].publisher.setFailureType(to: DifferentialError.self)
                    .eraseToAnyPublisher()
        }
        return switch self {
        case .map: upstream.map { $0 + 1 }.eraseToAnyPublisher()
        case .filter: upstream.filter { $0 % 2 == 0 }.eraseToAnyPublisher()
        case .compactMap: upstream.compactMap { $0 % 3 == 0 ? nil : $0 * 10 }.eraseToAnyPublisher()
        case .removeDuplicates: upstream.removeDuplicates().eraseToAnyPublisher()
        case .scan: upstream.scan(0) { $0 + $1 }.eraseToAnyPublisher()
        case .prefix(let count): upstream.prefix(count).eraseToAnyPublisher()
        case .dropFirst(let count): upstream.dropFirst(count).eraseToAnyPublisher()
        case .first: upstream.first().eraseToAnyPublisher()
        case .firstWhere: upstream.first { $0 > 2 }.eraseToAnyPublisher()
        case .outputAt(let index): upstream.output(at: index).eraseToAnyPublisher()
        case .prefixWhile: upstream.prefix { $0 < 4 }.eraseToAnyPublisher()
        case .dropWhile: upstream.drop { $0 < 3 }.eraseToAnyPublisher()
        case .collect:
            upstream.collect().map { $0.count * 1000 + $0.reduce(0, +) }.eraseToAnyPublisher()
        case .count: upstream.count().eraseToAnyPublisher()
        case .reduce: upstream.reduce(0) { $0 + $1 }.eraseToAnyPublisher()
        case .replaceError:
            upstream.replaceError(with: -1).setFailureType(to: DifferentialError.self)
                .eraseToAnyPublisher()
        case .mapError:
            upstream.mapError { DifferentialError(code: $0.code + 10) }.eraseToAnyPublisher()
        case .debounce(let due):
            upstream.debounce(for: .milliseconds(due), scheduler: scheduler).eraseToAnyPublisher()
        case .throttle(let interval, let latest):
            upstream.throttle(for: .milliseconds(interval), scheduler: scheduler, latest: latest)
                .eraseToAnyPublisher()
        case .delay(let interval):
            upstream.delay(for: .milliseconds(interval), scheduler: scheduler)
                .eraseToAnyPublisher()
        case .receiveOn: upstream.receive(on: scheduler).eraseToAnyPublisher()
        case .timeout(let interval):
            upstream.timeout(.milliseconds(interval), scheduler: scheduler).eraseToAnyPublisher()
        case .collectByTime(let interval):
            upstream.collect(.byTime(scheduler, .milliseconds(interval)))
                .map { $0.count * 1000 + $0.reduce(0, +) }.eraseToAnyPublisher()
        case .subscribeOn: upstream.subscribe(on: scheduler).eraseToAnyPublisher()
        case .measureInterval:
            upstream.measureInterval(using: scheduler).map { $0.magnitude / 1_000_000 }
                .eraseToAnyPublisher()
        case .tryMap:
            upstream.tryMap { value in
                guard value != 4 else { throw DifferentialError(code: 7) }
                return value + 1
            }
            .mapError(DifferentialError.init(_:)).eraseToAnyPublisher()
        case .tryFilter:
            upstream.tryFilter { value in
                guard value != 5 else { throw DifferentialError(code: 7) }
                return value % 2 == 1
            }
            .mapError(DifferentialError.init(_:)).eraseToAnyPublisher()
        case .tryScan:
            upstream.tryScan(0) { sum, value in
                guard value != 3 else { throw DifferentialError(code: 7) }
                return sum + value
            }
            .mapError(DifferentialError.init(_:)).eraseToAnyPublisher()
        case .flatMap(let max):
            upstream.flatMap(maxPublishers: max.map { .max($0) } ?? .unlimited, inner)
                .eraseToAnyPublisher()
        case .switchToLatest: upstream.map(inner).switchToLatest().eraseToAnyPublisher()
        case .merge: upstream.merge(with: side).eraseToAnyPublisher()
        case .combineLatest:
            upstream.combineLatest(side) { $0 * 100 + $1 }.eraseToAnyPublisher()
        case .zip: upstream.zip(side) { $0 * 100 + $1 }.eraseToAnyPublisher()
        case .catchSide: upstream.catch { _ in side }.eraseToAnyPublisher()
        case .catchJust:
            upstream.catch { error in
                Just(-error.code).setFailureType(to: DifferentialError.self)
            }
            .eraseToAnyPublisher()
        case .retry(let count): upstream.retry(count).eraseToAnyPublisher()
        case .append: upstream.append(7, 8).eraseToAnyPublisher()
        case .prepend: upstream.prepend(9).eraseToAnyPublisher()
        case .prefixUntilSide: upstream.prefix(untilOutputFrom: side).eraseToAnyPublisher()
        }
    }
}

private enum Step {
    case send(Int)
    case finish
    case fail(Int)
    case cancel
    /// A request for more; `nil` for unlimited.
    case request(Int?)
    case advance(milliseconds: Int)
    /// Sent to the second subject, `side`.
    case sendSide(Int)
    case finishSide
    case failSide(Int)

    var label: String {
        switch self {
        case .send(let value): "send \(value)"
        case .finish: "send finished"
        case .fail(let code): "send failure \(code)"
        case .cancel: "cancel"
        case .request(let count): "request \(count.map(String.init) ?? "unlimited")"
        case .advance(let milliseconds): "advance \(milliseconds)ms"
        case .sendSide(let value): "side send \(value)"
        case .finishSide: "side send finished"
        case .failSide(let code): "side send failure \(code)"
        }
    }
}

/// One generated case: a source, one to four operators (a time operator, or two in a row with
/// a prepend, zip or throwing operator beside them), the subscriber's demand, and a script.
private struct DifferentialCase {
    let id: Int
    let source: Source
    let operators: [Operator]
    /// Asked for at subscription; `nil` for unlimited, 0 for nothing.
    let initialDemand: Int?
    /// Returned from each `receive(_:)`.
    let demandPerValue: Int
    /// After this many values, the subscriber sends `value` into the subject from inside the
    /// delivery, once.
    let reentrant: (afterValues: Int, value: Int)?
    let steps: [Step]

    var hasTime: Bool { operators.contains { $0.isTime } }

    init(id: Int, seed: UInt64) {
        var random = SplitMix64(state: seed &* 0x1_0000_0001 &+ UInt64(id) &* 0x9E37_79B9)
        self.id = id
        source = Source.generate(&random)
        var operators = (0..<random.int(1...3)).map { _ in Operator.generate(&random) }
        if random.chance(40) {
            if operators.count == 3 { operators.removeLast() }
            operators.insert(Operator.generateTime(&random), at: random.int(0...operators.count))
        }
        if random.chance(35) {
            if operators.count == 3 { operators.removeFirst() }
            operators.insert(
                Operator.generateSwitching(&random), at: random.int(0...operators.count))
        }
        // Chains of time operators (issue #44): two in a row, with a prepend, a zip or a throwing
        // operator beside them; and throwing operators elsewhere. Drawn from a stream of their
        // own, so the chains above stay the same for a given seed.
        var extra = SplitMix64(state: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(id) &* 0x9E37_79B9)
        if extra.chance(25) {
            var block = [Operator.generateTimeOrCollect(&extra), .generateTimeOrCollect(&extra)]
            switch extra.int(0...3) {
            case 0: block.insert(.prepend, at: extra.int(0...2))
            case 1: block.insert(.zip, at: extra.int(0...2))
            case 2: block.insert(Operator.generateThrowing(&extra), at: extra.int(0...2))
            default: break
            }
            operators.removeAll { $0.isTime }
            while operators.count + block.count > 4 { operators.removeFirst() }
            operators.insert(contentsOf: block, at: extra.int(0...operators.count))
        } else if extra.chance(25) {
            if operators.count == 4 { operators.removeFirst() }
            operators.insert(
                Operator.generateThrowing(&extra), at: extra.int(0...operators.count))
        }
        if extra.chance(15), let time = operators.firstIndex(where: \.isTime) {
            operators[time] = .collectByTime(extra.pick([10, 50, 100]))
        }
        // subscribe(on:) and measureInterval (issue #51), from a stream of their own again.
        var more = SplitMix64(state: seed &* 0x9E6C_63D0_676A_9A99 &+ UInt64(id) &* 0x9E37_79B9)
        if more.chance(15) {
            if operators.count == 4 { operators.removeFirst() }
            operators.insert(
                more.chance(50) ? .subscribeOn : .measureInterval,
                at: more.int(0...operators.count))
        }
        // The imitation's zip (OpenCombine's) traps in two ways: it sends its subscriber a
        // completion before the subscription when an upstream completes while it subscribes
        // (Empty, Fail, a sequence), so zip follows only a subject; and when an upstream
        // completes after the zip was cancelled and released (an unowned reference), which
        // the imitation's delay and debounce do (the "delivery after cancel" entry of
        // .ci/differential), so no time operator comes before it.
        let isZip: (Operator) -> Bool = { if case .zip = $0 { true } else { false } }
        if !source.isSubject {
            operators = operators.map { isZip($0) ? .merge : $0 }
        }
        while let zip = operators.lastIndex(where: isZip),
            let time = operators.firstIndex(where: \.isTime), time < zip
        {
            operators.append(operators.remove(at: time))
        }
        self.operators = operators
        initialDemand = random.pick([nil, nil, nil, 0, 1, 1, 2, 3])
        demandPerValue = initialDemand == nil ? 0 : random.pick([0, 0, 1, 2])
        reentrant =
            source.isSubject && random.chance(25)
            ? (afterValues: random.int(1...2), value: random.int(0...5)) : nil
        let hasTime = operators.contains { $0.isTime }
        let usesSide = operators.contains { $0.usesSide }
        var steps: [Step] = []
        for _ in 0..<(source.isSubject || usesSide ? random.int(2...8) : random.int(0...3)) {
            let roll = random.int(0...99)
            if usesSide && random.chance(35) {
                let sideRoll = random.int(0...9)
                steps.append(
                    sideRoll < 8
                        ? .sendSide(random.int(0...5))
                        : sideRoll < 9 ? .finishSide : .failSide(random.int(4...5)))
            } else if hasTime && roll >= 75 {
                steps.append(.advance(milliseconds: random.pick([0, 5, 10, 30, 50, 100, 200])))
            } else if source.isSubject && roll < 50 {
                steps.append(.send(random.int(0...5)))
            } else if source.isSubject && roll < 55 {
                steps.append(.finish)
            } else if source.isSubject && roll < 60 {
                steps.append(.fail(random.int(1...3)))
            } else if roll < 64 {
                steps.append(.cancel)
            } else {
                steps.append(.request(random.pick([1, 1, 2, 3, nil])))
            }
        }
        self.steps = steps
    }

    /// The subscriber's kind, as the comparison counts it: `sink`; or a subscriber of its own
    /// asking for everything (`unlimited`), for a few values and more with each (`paced`), or
    /// for a few values only, more coming from the script's requests (`upFront`).
    func kind(bySink: Bool) -> String {
        if bySink { return "sink" }
        guard initialDemand != nil else { return "unlimited" }
        return demandPerValue > 0 ? "paced" : "upFront"
    }

    /// One line: `source | operators | demand | re-entrant | steps`.
    func summary(bySink: Bool) -> String {
        let demand =
            bySink
            ? "sink"
            : "demand \(initialDemand.map(String.init) ?? "unlimited") +\(demandPerValue)/value"
        let sends = reentrant.map { "reentrant send \($0.value) after value \($0.afterValues)" }
        return
            ([source.label, operators.map(\.label).joined(separator: "."), demand]
            + (sends.map { [$0] } ?? []) + [steps.map(\.label).joined(separator: ", ")])
            .joined(separator: " | ")
    }

    /// Runs the case under a `sink` or under its ``ScriptedSubscriber``; the two runs are told
    /// apart in the trace by their case numbers (even for the `sink`).
    func run(bySink: Bool) -> CaseRecorder {
        let scheduler = DispatchQueue.test
        let recorder = CaseRecorder(id: id * 2 + (bySink ? 0 : 1), scheduler: scheduler)
        recorder.header(
            "case " + summary(bySink: bySink) + " | kind " + kind(bySink: bySink) + " | families "
                + operators.map(\.family).joined(separator: ","))
        var send: (Int) -> Void = { _ in }
        var complete: (Subscribers.Completion<DifferentialError>) -> Void = { _ in }
        let upstream: Chain
        switch source {
        case .passthrough:
            let subject = PassthroughSubject<Int, DifferentialError>()
            send = { subject.send($0) }
            complete = { subject.send(completion: $0) }
            upstream = subject.eraseToAnyPublisher()
        case .currentValue(let value):
            let subject = CurrentValueSubject<Int, DifferentialError>(value)
            send = { subject.send($0) }
            complete = { subject.send(completion: $0) }
            upstream = subject.eraseToAnyPublisher()
        case .sequence(let values):
            upstream = values.publisher.setFailureType(to: DifferentialError.self)
                .eraseToAnyPublisher()
        case .just(let value):
            upstream = Just(value).setFailureType(to: DifferentialError.self).eraseToAnyPublisher()
        case .empty:
            upstream = Empty<Int, DifferentialError>().eraseToAnyPublisher()
        case .fail(let code):
            upstream = Fail<Int, DifferentialError>(error: DifferentialError(code: code))
                .eraseToAnyPublisher()
        }
        let sideSubject = PassthroughSubject<Int, DifferentialError>()
        let side = sideSubject.eraseToAnyPublisher()
        let chain = operators.reduce(upstream) {
            $1.apply(to: $0, scheduler: scheduler, side: side)
        }
        let subscriber = ScriptedSubscriber(
            recorder: recorder, initialDemand: initialDemand, demandPerValue: demandPerValue)
        if let reentrant {
            var sent = false
            subscriber.onValue = { [send] _ in
                guard !sent, recorder.valuesReceived == reentrant.afterValues else { return }
                sent = true
                recorder.step("reentrant send \(reentrant.value)")
                send(reentrant.value)
            }
        }
        recorder.step("subscribe")
        // The sink's token; a request step does nothing to it (a sink has asked for everything).
        var token: AnyCancellable?
        if bySink {
            recorder.sinkAttached()
            token = chain.sink(
                receiveCompletion: { recorder.completion($0) },
                receiveValue: { value in
                    recorder.value(value)
                    subscriber.onValue(value)
                })
        } else {
            chain.subscribe(subscriber)
        }
        for step in steps {
            recorder.step(step.label)
            switch step {
            case .send(let value): send(value)
            case .finish: complete(.finished)
            case .fail(let code): complete(.failure(DifferentialError(code: code)))
            case .cancel:
                token?.cancel()
                subscriber.subscription?.cancel()
            case .request(let count):
                guard !bySink else { break }
                recorder.granted(count)
                subscriber.subscription?.request(count.map { .max($0) } ?? .unlimited)
            case .advance(let milliseconds): scheduler.advance(by: .milliseconds(milliseconds))
            case .sendSide(let value): sideSubject.send(value)
            case .finishSide: sideSubject.send(completion: .finished)
            case .failSide(let code):
                sideSubject.send(completion: .failure(DifferentialError(code: code)))
            }
        }
        if hasTime {
            recorder.step("advance 1000ms")
            scheduler.advance(by: .milliseconds(1000))
        }
        // What the chain leaves on its scheduler when the script ends (what end-of-test checks
        // judge), and once its subscription is cancelled.
        recorder.scheduled("at end")
        // Ends the subscription and the cycles through the subscriber.
        token?.cancel()
        token = nil
        subscriber.subscription?.cancel()
        subscriber.subscription = nil
        subscriber.onValue = { _ in }
        recorder.scheduled("after cancel")
        return recorder
    }
}

/// What one case's subscriber saw, as trace lines, and what broke Combine's contract.
private final class CaseRecorder {
    let id: Int
    let scheduler: Scheduler
    private(set) var lines: [String] = []
    private(set) var violations: [String] = []
    private var index = 0
    private var subscribed = false
    private var completed = false
    private(set) var valuesReceived = 0
    /// Values demanded so far; `nil` once unlimited.
    private var demanded: Int? = 0

    init(id: Int, scheduler: Scheduler) {
        self.id = id
        self.scheduler = scheduler
    }

    private var milliseconds: Int {
        let offset = scheduler.clock.now.offset.components
        return Int(offset.seconds) * 1000 + Int(offset.attoseconds / 1_000_000_000_000_000)
    }

    func header(_ text: String) {
        lines.append("\(id)\t-\t-\t\(text)")
    }

    /// A script step, the same on both sides: the events between two steps are what it caused.
    func step(_ text: String) {
        lines.append("\(id)\t-\t\(milliseconds)\t> \(text)")
    }

    private func event(_ text: String) {
        lines.append("\(id)\t\(index)\t\(milliseconds)\t\(text)")
        index += 1
    }

    /// The actions left on the scheduler, each at its time (`r`: a repeating action that has
    /// run, the next run of a timer), in order; not an event of the subscriber.
    func scheduled(_ when: String) {
        let pending = scheduler.pendingActions.map { action in
            let offset = action.offset.components
            let milliseconds =
                Int(offset.seconds) * 1000 + Int(offset.attoseconds / 1_000_000_000_000_000)
            return "+\(milliseconds)ms" + (action.isRepeat ? "r" : "")
        }
        let list = pending.isEmpty ? "nothing" : pending.joined(separator: " ")
        lines.append("\(id)\t-\t\(milliseconds)\t= scheduled \(when): \(list)")
    }

    private func violation(_ text: String) {
        violations.append(text)
        lines.append("\(id)\t-\t\(milliseconds)\t! \(text)")
    }

    /// A `sink` is attached: it sees no subscription, and has asked for every value.
    func sinkAttached() {
        subscribed = true
        demanded = nil
    }

    func granted(_ count: Int?) {
        guard let demanded else { return }
        self.demanded = count.map { demanded + $0 }
    }

    func subscription() {
        event("subscription")
        if subscribed { violation("a second subscription") }
        subscribed = true
    }

    func value(_ value: Int) {
        event("value \(value)")
        valuesReceived += 1
        if !subscribed { violation("a value before the subscription") }
        if completed { violation("a value after the completion") }
        if let demanded, valuesReceived > demanded {
            violation("value \(valuesReceived) with \(demanded) demanded")
        }
    }

    func completion(_ completion: Subscribers.Completion<DifferentialError>) {
        switch completion {
        case .finished: event("finished")
        case .failure(let error): event("failure \(error.code)")
        }
        if !subscribed { violation("a completion before the subscription") }
        if completed { violation("a second completion") }
        completed = true
    }
}

/// A subscriber written from Combine's documentation: it asks for `initialDemand` when it is
/// subscribed and for `demandPerValue` more with each value. Not a ``DemandProbe``: it writes
/// each event to its case's trace, the same on both sides of the differential.
private final class ScriptedSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = DifferentialError

    let recorder: CaseRecorder
    let initialDemand: Int?
    let demandPerValue: Int
    var subscription: (any Subscription)?
    var onValue: (Int) -> Void = { _ in }

    init(recorder: CaseRecorder, initialDemand: Int?, demandPerValue: Int) {
        self.recorder = recorder
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        recorder.subscription()
        if initialDemand != 0 {
            recorder.granted(initialDemand)
            subscription.request(initialDemand.map { .max($0) } ?? .unlimited)
        }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        recorder.value(input)
        onValue(input)
        recorder.granted(demandPerValue)
        return .max(demandPerValue)
    }

    func receive(completion: Subscribers.Completion<DifferentialError>) {
        recorder.completion(completion)
    }
}
