/// The values a wait received, kept for its failure message.
///
/// Memory is bounded however many values flow: the first ``headCapacity`` and the last
/// ``tailCapacity`` are kept, with a count of those in between. Values are formatted only when
/// a message is written.
struct Timeline<Value> {
    struct Entry {
        var index: Int
        var value: Value
        /// Time since the wait began.
        var elapsed: Duration
        /// The condition this value met, counted from 0.
        var metCondition: Int?
    }

    static var headCapacity: Int { 5 }
    static var tailCapacity: Int { 10 }

    private(set) var count = 0
    private var head: [Entry] = []
    private var tail: [Entry] = []
    /// Where the oldest tail entry is, once the tail is full and wraps.
    private var tailStart = 0

    var last: Entry? {
        tail.isEmpty ? head.last : tail[(tailStart + tail.count - 1) % tail.count]
    }

    mutating func record(_ value: Value, elapsed: Duration, metCondition: Int?) {
        let entry = Entry(index: count, value: value, elapsed: elapsed, metCondition: metCondition)
        count += 1
        if head.count < Self.headCapacity {
            head.append(entry)
        } else if tail.count < Self.tailCapacity {
            tail.append(entry)
        } else {
            tail[tailStart] = entry
            tailStart = (tailStart + 1) % Self.tailCapacity
        }
    }

    /// The lines of the message's "Values received" block, oldest first.
    func lines() -> [String] {
        var lines = ["Values received (\(count)), oldest first:"]
        lines += head.map(Self.line)
        let ordered = Array(tail[tailStart...] + tail[..<tailStart])
        if let firstKept = ordered.first, let lastHead = head.last,
            firstKept.index > lastHead.index + 1
        {
            lines.append("  … \(firstKept.index - lastHead.index - 1) more …")
        }
        lines += ordered.map(Self.line)
        return lines
    }

    private static func line(_ entry: Entry) -> String {
        // A recorder's earlier values arrived before the wait began: their times are negative.
        let sign = entry.elapsed < .zero ? "" : "+"
        var line = "  [\(entry.index)] \(sign)\(entry.elapsed.secondsText(decimals: 3))  "
        line += ValueDescription.of(entry.value)
        if let condition = entry.metCondition {
            line += "  ← met condition \(condition + 1)"
        }
        return line
    }
}

extension Duration {
    /// The duration in seconds with the given number of decimals, such as `0.012 s`.
    func secondsText(decimals: Int) -> String {
        let scale = (0..<decimals).reduce(1) { value, _ in value * 10 }
        let units = (inSeconds * Double(scale)).rounded()
        guard units.isFinite, abs(units) < 1e15 else { return "\(inSeconds) s" }
        let whole = Int(units)
        let sign = whole < 0 ? "-" : ""
        let integer = abs(whole) / scale
        let fraction = String(abs(whole) % scale)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return decimals == 0 ? "\(sign)\(integer) s" : "\(sign)\(integer).\(padded) s"
    }

    /// The duration in seconds, as short as it can be written: `1.0 s`, `0.25 s`, `0.005 s`.
    var shortSecondsText: String {
        for decimals in 1...3 {
            let text = secondsText(decimals: decimals)
            let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
            let scaled = inSeconds * scale
            if abs(scaled - scaled.rounded()) < 1e-6 { return text }
        }
        return secondsText(decimals: 3)
    }
}
