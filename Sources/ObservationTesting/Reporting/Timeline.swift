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
            // Room for the whole head at once: most waits see two values (the current one and
            // the change), and growing the array one by one reallocated it between them.
            if head.isEmpty { head.reserveCapacity(Self.headCapacity) }
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
        // Every time is signed: a recorder's earlier values arrived before the wait began, so
        // theirs count back from it (even those that round to zero), and say so.
        let isEarlier = entry.elapsed < .zero
        let magnitude = isEarlier ? .zero - entry.elapsed : entry.elapsed
        var line = "  [\(entry.index)] \(isEarlier ? "-" : "+")"
        line += "\(magnitude.secondsText(decimals: 3))  \(ValueDescription.of(entry.value))"
        if isEarlier { line += "  (before this wait began)" }
        if let condition = entry.metCondition {
            line += "  ← met condition \(condition + 1)"
        }
        return line
    }
}
