// Benchmarks: `swift run -c release Benchmarks [--quick] [--filter NAME]`.
//
// Every figure is measured beside its floor or baseline in the same run and reported as a
// ratio, so the numbers mean something on any machine. Each row: several repeats, the median
// with min and max. The groups are measured in the files named after them.
import Foundation

await measureWakeLatency()
await measureUserShapedWakes()
await measureViewModelCosts()
await measureConditions()
await measurePublishCost()
await measureOperatorOverloads()
await measureRecorderThroughput()
await measureVirtualTime()
await measureResources()
// Last: the serial executor's router, once installed, stays for the life of the process.
await measureSerialExecution()

// MARK: Report

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.3g", value)
}

print("| benchmark | median | min | max | unit | ratio |")
print("| --- | ---: | ---: | ---: | --- | --- |")
let medians = Dictionary(rows.map { ($0.name, $0.median) }, uniquingKeysWith: { first, _ in first })
for row in rows {
    var ratio = ""
    if let baseline = row.baseline, let base = medians[baseline], base > 0 {
        ratio = "\(format(row.median / base))× \(baseline)"
    }
    let sorted = row.samples.sorted()
    print(
        "| \(row.name) | \(format(row.median)) | \(format(sorted.first!)) | \(format(sorted.last!)) "
            + "| \(row.unit) | \(ratio) |"
    )
}
print()
for row in rows {
    let sorted = row.samples.sorted()
    var line = "bench name=\(row.name) median=\(format(row.median)) min=\(format(sorted.first!)) "
    line += "max=\(format(sorted.last!)) unit=\(row.unit.replacingOccurrences(of: " ", with: "_"))"
    if let baseline = row.baseline, let base = medians[baseline], base > 0 {
        line += " ratio=\(format(row.median / base)) baseline=\(baseline)"
    }
    print(line)
}
