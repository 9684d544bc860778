/// The values a wait received, kept for its failure message and the full timeline attached to
/// it.
///
/// Memory is bounded however many values flow: the first ``headCapacity`` and the last
/// ``tailCapacity`` are kept, with a count of those in between. The message shows the first
/// ``shownFirst`` and the last ``tailCapacity``; the attachment, all that were kept. Values are
/// formatted only when a message is written.
struct Timeline<Value> {
    struct Entry {
        var index: Int
        var value: Value
        /// Time since the wait began.
        var elapsed: Duration
        /// The condition this value met, counted from 0.
        var metCondition: Int?
    }

    static var headCapacity: Int { 1_000 }
    static var tailCapacity: Int { 10 }
    static var shownFirst: Int { 5 }

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
            // the change), and growing the array one by one would reallocate it between them.
            if head.isEmpty { head.reserveCapacity(Self.shownFirst) }
            head.append(entry)
        } else if tail.count < Self.tailCapacity {
            tail.append(entry)
        } else {
            tail[tailStart] = entry
            tailStart = (tailStart + 1) % Self.tailCapacity
        }
    }

    /// Whether the message leaves values out: then the full timeline is attached.
    var isShortened: Bool { count > Self.shownFirst + Self.tailCapacity }

    /// The lines of the message's "Values received" block, oldest first: the first and the
    /// last few.
    func lines() -> [String] {
        let recent = Array(
            (head.dropFirst(Self.shownFirst) + orderedTail).suffix(Self.tailCapacity))
        return ["Values received (\(count)), oldest first:"]
            + Self.lines(Array(head.prefix(Self.shownFirst)), then: recent)
    }

    /// Every value kept, oldest first: the attachment's "Values received" block.
    func allLines() -> [String] {
        let kept = count > Self.headCapacity + Self.tailCapacity ? "every one kept" : "every one"
        return ["Values received (\(count)), oldest first, \(kept), in full:"]
            + Self.lines(head, then: orderedTail, whole: true)
    }

    /// Every value kept, oldest first.
    var entries: [Entry] { head + orderedTail }

    private var orderedTail: [Entry] { Array(tail[tailStart...] + tail[..<tailStart]) }

    /// The lines of `first` then `then`, with a count of the values between them.
    private static func lines(
        _ first: [Entry], then later: [Entry], whole: Bool = false
    ) -> [String] {
        var lines = first.map { line($0, whole: whole) }
        if let firstLater = later.first, let lastFirst = first.last,
            firstLater.index > lastFirst.index + 1
        {
            lines.append("  … \(firstLater.index - lastFirst.index - 1) more …")
        }
        return lines + later.map { line($0, whole: whole) }
    }

    private static func line(_ entry: Entry, whole: Bool) -> String {
        // Every time is signed: a recorder's earlier values arrived before the wait began, so
        // theirs count back from it (even those that round to zero), and say so.
        let isEarlier = entry.elapsed < .zero
        let magnitude = isEarlier ? .zero - entry.elapsed : entry.elapsed
        var line = "  [\(entry.index)] \(isEarlier ? "-" : "+")"
        let value = whole ? ValueDescription.whole(entry.value) : ValueDescription.of(entry.value)
        line += "\(magnitude.secondsText(decimals: 3))  \(value)"
        if isEarlier { line += "  (before this wait began)" }
        if let condition = entry.metCondition {
            line += "  ← met condition \(condition + 1)"
        }
        return line
    }
}
