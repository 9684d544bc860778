/// A reproducible order of picks: SplitMix64, so that one seed gives one sequence on every
/// platform and toolchain.
struct SeededOrder: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next pick among `count` choices, in `0..<count`.
    mutating func next(below count: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(count))
    }
}
