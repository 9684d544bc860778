import Foundation
import Publishing
import Testing

@testable import ObservationTesting

// Each case writes the expected source twice: as the text `SwiftLiteral.of` must return, and
// as code, passed as `Any`, which gives it no type, as a change recorder's step gives none. If
// the text were not Swift, or did not name its type, this file would not compile; if it made
// another value, or one of another type, the case would fail.

struct Track: Equatable {
    var id: Int
    var title: String
}

struct Album: Equatable {
    var title: String
    var tracks: [Track]
    var cover: Track?
    var rating: Int8
}

/// Its description is not Swift: `0:item 0`.
struct Tagged: Equatable, CustomStringConvertible {
    var id: Int
    var label: String
    var description: String { "\(id):\(label)" }
}

struct Debugged: Equatable, CustomDebugStringConvertible {
    var name: String
    var debugDescription: String { "<Debugged \(name)>" }
}

struct Box<Value: Equatable>: Equatable {
    var value: Value
}

enum Crate {
    struct Label: Equatable {
        var text: String
    }
}

enum Playback: Equatable {
    case idle
    case playing(Track)
    case paused(at: Double)
    case failed(code: Int, reason: String)
    case queued(Int, Int)
}

struct PlaybackError: Error, Equatable {
    var code: Int
}

/// Named by its raw value: its description hides the case's name.
enum Mood: String, Equatable, CustomStringConvertible {
    case calm
    var description: String { "feeling \(rawValue)" }
}

/// Neither a case name nor a raw value shows through its description.
enum Signal: CustomStringConvertible {
    case on
    var description: String { "signal" }
}

final class Owner {}

struct Slot {
    var owner: Owner
}

@propertyWrapper
struct Clamped: Equatable {
    var wrappedValue: Int
}

struct Volume: Equatable {
    @Clamped var level: Int
}

protocol Drawable {}

struct Square: Drawable, Equatable {
    var side: Int
}

struct Circle: Drawable, Equatable {
    var radius: Int
}

/// `value` is written `text`; and `code`, the same text as Swift, makes a value of `value`'s
/// type, equal to it.
private func expectLiteral<Value: Equatable>(
    _ value: Value, _ text: String, _ code: Any,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(SwiftLiteral.of(value) == text, sourceLocation: sourceLocation)
    #expect(
        type(of: code) == Value.self, "\(type(of: code)), not \(Value.self)",
        sourceLocation: sourceLocation)
    #expect(code as? Value == value, sourceLocation: sourceLocation)
}

/// An optional is written as what it holds, which an optional place takes.
private func expectLiteral<Wrapped: Equatable>(
    optional value: Wrapped?, _ text: String, _ code: Any,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(SwiftLiteral.of(value as Any) == text, sourceLocation: sourceLocation)
    #expect(
        type(of: code) == Wrapped.self, "\(type(of: code)), not \(Wrapped.self)",
        sourceLocation: sourceLocation)
    #expect(code as? Wrapped == value, sourceLocation: sourceLocation)
}

/// For a place of the value's type: `code` has it.
private func expectTypedLiteral<Value: Equatable>(
    _ value: Value, _ text: String, _ code: Value,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        SwiftLiteral.of(value, isForTypedPlace: true) == text, sourceLocation: sourceLocation)
    #expect(code == value, sourceLocation: sourceLocation)
}

@Suite("Values written as Swift source")
struct SwiftLiteralTests {
    @Test("Numbers and Bool: literals where the literal's type is theirs, named otherwise")
    func numbers() {
        expectLiteral(true, "true", true)
        expectLiteral(-7, "-7", -7)
        expectLiteral(0.1, "0.1", 0.1)
        expectLiteral(1.0, "1.0", 1.0)
        expectLiteral(1e20, "1e+20", 1e+20)
        expectLiteral(Int8(-128), "Int8(-128)", Int8(-128))
        expectLiteral(UInt8(255), "UInt8(255)", UInt8(255))
        expectLiteral(Float(0.1), "Float(0.1)", Float(0.1))
        expectLiteral(-Double.infinity, "-Double.infinity", -Double.infinity)
        expectLiteral(
            -Double.leastNonzeroMagnitude,
            "Double(sign: .minus, exponentBitPattern: 0, significandBitPattern: 1)",
            Double(sign: .minus, exponentBitPattern: 0, significandBitPattern: 1))
        #expect(SwiftLiteral.of(Double.nan) == "Double.nan")
        #expect(Double.nan.isNaN)
    }

    @Test("Strings: quotes, backslashes, line breaks and invisible characters stay Swift")
    func strings() {
        expectLiteral("plain", #""plain""#, "plain")
        expectLiteral(#"say "hi" \o/"#, ##"#"say "hi" \o/"#"##, #"say "hi" \o/"#)
        expectLiteral(##"a"#b"##, ###"##"a"#b"##"###, ##"a"#b"##)
        expectLiteral(
            "line 1\n\"q\"\t👋🏽 👨‍👩‍👧\\", #""line 1\n\"q\"\t👋🏽 👨‍👩‍👧\\""#,
            "line 1\n\"q\"\t👋🏽 👨‍👩‍👧\\")
        expectLiteral("\"\"x", #""\"\"x""#, "\"\"x")
        expectLiteral("\"", #""\"""#, "\"")
        expectLiteral("a\"", ##"#"a""#"##, #"a""#)
        expectLiteral("zero\u{200B}width", #""zero\u{200B}width""#, "zero\u{200B}width")
        expectLiteral(Character("é"), #"Character("é")"#, Character("é"))
        expectLiteral(Substring("sub"), #"Substring("sub")"#, Substring("sub"))
    }

    @Test("Optionals: what they hold, or nil; a nil inside one is .some(nil)")
    func optionals() {
        expectLiteral(optional: Optional(3), "3", 3)
        expectLiteral(
            optional: Optional(Track(id: 1, title: "a")), #"Track(id: 1, title: "a")"#,
            Track(id: 1, title: "a"))
        #expect(SwiftLiteral.of(Int?.none as Any) == "nil")
        let nested: Int?? = .some(nil)
        // `as Any` only quiets the warning an optional passed as `Any` gives.
        expectLiteral(
            nested, "Optional<Int?>.some(nil)", Optional<Int?>.some(nil) as Any)
        #expect(SwiftLiteral.of(Int??.some(4) as Any) == "4")
        let four: Int?? = 4
        #expect(four == .some(.some(4)))
    }

    @Test("Arrays, sets and dictionaries, empty ones with their type")
    func collections() {
        expectLiteral([1, 2, 3], "[1, 2, 3]", [1, 2, 3])
        expectLiteral([Track](), "[Track]()", [Track]())
        expectLiteral([Int8(1), 2], "[Int8(1), Int8(2)]", [Int8(1), Int8(2)])
        expectLiteral([1, nil] as [Int?], "[1, nil] as [Int?]", [1, nil] as [Int?])
        expectLiteral(
            [Track(id: 1, title: "a"), Track(id: 2, title: "b")],
            #"[Track(id: 1, title: "a"), Track(id: 2, title: "b")]"#,
            [Track(id: 1, title: "a"), Track(id: 2, title: "b")])
        expectLiteral(Set(["b", "a"]), #"Set(["a", "b"])"#, Set(["a", "b"]))
        expectLiteral(Set<Int>(), "Set<Int>()", Set<Int>())
        expectLiteral(Set<Int8>([1]), "Set([Int8(1)])", Set([Int8(1)]))
        expectLiteral(["b": 2, "a": 1], #"["a": 1, "b": 2]"#, ["a": 1, "b": 2])
        expectLiteral([String: Int](), "[String: Int]()", [String: Int]())
        expectLiteral(
            ["x": Track(id: 1, title: "a")], #"["x": Track(id: 1, title: "a")]"#,
            ["x": Track(id: 1, title: "a")])
        expectLiteral(
            ["a": nil] as [String: Int?], #"["a": nil] as [String: Int?]"#,
            ["a": nil] as [String: Int?])
        expectLiteral(1..<3, "1..<3", 1..<3)
        expectLiteral(Int8(1)...Int8(3), "Int8(1)...Int8(3)", Int8(1)...Int8(3))
    }

    @Test("Values held as Any or as a protocol: the list names the type they are held as")
    func existentials() {
        let mixed: [Any] = [1, "a"]
        #expect(SwiftLiteral.of(mixed) == #"[1, "a"] as [Any]"#)
        let mixedCode: Any = [1, "a"] as [Any]
        #expect(type(of: mixedCode) == [Any].self)
        let shapes: [any Drawable] = [Square(side: 1), Circle(radius: 2)]
        #expect(
            SwiftLiteral.of(shapes)
                == "[Square(side: 1), Circle(radius: 2)] as [any Drawable]")
        let shapesCode: Any = [Square(side: 1), Circle(radius: 2)] as [any Drawable]
        #expect(type(of: shapesCode) == [any Drawable].self)
        let keys: [AnyHashable] = [1, "a"]
        expectLiteral(keys, #"[1, "a"] as [AnyHashable]"#, [1, "a"] as [AnyHashable])
    }

    @Test("Structs: the memberwise initializer, nested and generic types named as a test does")
    func structs() {
        expectLiteral(
            Track(id: 1, title: "a"), #"Track(id: 1, title: "a")"#, Track(id: 1, title: "a"))
        expectLiteral(
            Album(title: "x", tracks: [Track(id: 1, title: "a")], cover: nil, rating: 5),
            #"Album(title: "x", tracks: [Track(id: 1, title: "a")], cover: nil, rating: Int8(5))"#,
            Album(title: "x", tracks: [Track(id: 1, title: "a")], cover: nil, rating: Int8(5)))
        expectLiteral(Box(value: 1), "Box<Int>(value: 1)", Box<Int>(value: 1))
        expectLiteral(
            Box(value: [Crate.Label(text: "a")]),
            #"Box<[Crate.Label]>(value: [Crate.Label(text: "a")])"#,
            Box<[Crate.Label]>(value: [Crate.Label(text: "a")]))
        struct Local: Equatable {
            var flag: Bool
        }
        expectLiteral(Local(flag: true), "Local(flag: true)", Local(flag: true))
    }

    @Test("A description of its own is not the source: the memberwise form is")
    func customDescriptions() {
        expectLiteral(
            Tagged(id: 0, label: "item 0"), #"Tagged(id: 0, label: "item 0")"#,
            Tagged(id: 0, label: "item 0"))
        expectLiteral(Debugged(name: "d"), #"Debugged(name: "d")"#, Debugged(name: "d"))
        expectLiteral(
            [Tagged(id: 0, label: "item 0")], #"[Tagged(id: 0, label: "item 0")]"#,
            [Tagged(id: 0, label: "item 0")])
    }

    @Test("Enums: cases named with their type, payloads with their labels")
    func enums() {
        expectLiteral(Playback.idle, "Playback.idle", Playback.idle)
        expectLiteral(
            Playback.playing(Track(id: 1, title: "a")),
            #"Playback.playing(Track(id: 1, title: "a"))"#,
            Playback.playing(Track(id: 1, title: "a")))
        expectLiteral(
            Playback.paused(at: 1.5), "Playback.paused(at: 1.5)", Playback.paused(at: 1.5))
        expectLiteral(
            Playback.failed(code: 3, reason: "x"), #"Playback.failed(code: 3, reason: "x")"#,
            Playback.failed(code: 3, reason: "x"))
        expectLiteral(Playback.queued(1, 2), "Playback.queued(1, 2)", Playback.queued(1, 2))
        expectLiteral(Mood.calm, #"Mood(rawValue: "calm")!"#, Mood(rawValue: "calm")!)
        #expect(SwiftLiteral.of(Signal.on) == "<#Signal#>")
        expectLiteral(
            Result<Int, PlaybackError>.failure(PlaybackError(code: 1)),
            "Result<Int, PlaybackError>.failure(PlaybackError(code: 1))",
            Result<Int, PlaybackError>.failure(PlaybackError(code: 1)))
    }

    @Test("For a place of the value's type: leading dots, and literals that lean on the type")
    func typedPlaces() {
        expectTypedLiteral(Playback.paused(at: 1.5), ".paused(at: 1.5)", .paused(at: 1.5))
        expectTypedLiteral(
            [Playback.idle, .queued(1, 2)], "[.idle, .queued(1, 2)]", [.idle, .queued(1, 2)])
        expectTypedLiteral([Track](), "[]", [])
        expectTypedLiteral(Int8(3), "3", 3)
        expectTypedLiteral(Set(["a"]), #"["a"]"#, ["a"])
    }

    @Test("Tuples, labeled or not")
    func tuples() {
        #expect(SwiftLiteral.of((1, "a")) == #"(1, "a")"#)
        let pair: Any = (1, "a")
        #expect((pair as? (Int, String)).map { $0 == (1, "a") } == true)
        #expect(SwiftLiteral.of((x: 1, y: 2.5)) == "(x: 1, y: 2.5)")
        let point: Any = (x: 1, y: 2.5)
        #expect((point as? (x: Int, y: Double)).map { $0 == (x: 1, y: 2.5) } == true)
        let missing: (Int?, Int) = (nil, 1)
        #expect(SwiftLiteral.of(missing) == "(nil, 1) as (Int?, Int)")
        let missingCode: Any = (nil, 1) as (Int?, Int)
        #expect((missingCode as? (Int?, Int)).map { $0 == missing } == true)
    }

    @Test("Foundation values, by the initializers that make them exactly")
    func foundationValues() throws {
        expectLiteral(
            Date(timeIntervalSinceReferenceDate: 750000000.25),
            "Date(timeIntervalSinceReferenceDate: 750000000.25)",
            Date(timeIntervalSinceReferenceDate: 750000000.25))
        expectLiteral(
            URL(string: "https://example.com/a?b=c#d")!,
            #"URL(string: "https://example.com/a?b=c#d")!"#,
            URL(string: "https://example.com/a?b=c#d")!)
        let base = try #require(URL(string: "https://example.com/a/"))
        #expect(SwiftLiteral.of(URL(string: "b", relativeTo: base) as Any) == "<#URL#>")
        expectLiteral(
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            #"UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!"#,
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        expectLiteral(Data([1, 255]), "Data([0x01, 0xFF])", Data([0x01, 0xFF]))
        expectLiteral(Data(), "Data()", Data())
        expectLiteral(
            Decimal(string: "1.25")!, #"Decimal(string: "1.25")!"#, Decimal(string: "1.25")!)
        expectLiteral(
            Duration.milliseconds(300), "Duration.milliseconds(300)", Duration.milliseconds(300))
        expectLiteral(
            Duration(secondsComponent: 1, attosecondsComponent: 5),
            "Duration(secondsComponent: 1, attosecondsComponent: 5)",
            Duration(secondsComponent: 1, attosecondsComponent: 5))
    }

    @Test("What a new value would not be, or what no initializer takes, is a placeholder")
    func placeholders() {
        #expect(SwiftLiteral.of(Owner()) == "<#Owner instance#>")
        #expect(SwiftLiteral.of(Slot(owner: Owner())) == "Slot(owner: <#Owner instance#>)")
        #expect(SwiftLiteral.of(Volume(level: 3)) == "<#Volume#>")
        #expect(SwiftLiteral.of(Unicode.Scalar("a")) == "<#Unicode.Scalar#>")
        let double: (Int) -> Int = { $0 * 2 }
        #expect(SwiftLiteral.of(double) == "<#(Int) -> Int#>")
        #expect(SwiftLiteral.of(Array(1...100)) == "<#[Int], too long to show#>")
    }
}

/// A model whose state a description would not write as Swift: items with their own
/// description, an enum with a payload, a set and an empty array, written for the step's typed
/// property.
@MainActor
final class PlaylistViewModel: ObservableObject {
    @Published var items: [Tagged] = []
    @Published var playback = Playback.idle
    @Published var selection: Set<Int> = []
    @Published var warnings = ["stale"]

    func load() {
        items = [Tagged(id: 0, label: "item 0"), Tagged(id: 1, label: "item 1")]
        playback = .failed(code: 3, reason: "offline")
        selection = [1]
        warnings = []
    }
}

@Suite("Paste-ready steps, printed and pasted")
struct PasteReadyStepTests {
    @Test("A failure prints its step as Swift, whatever the descriptions of the values say")
    @MainActor
    func printedStep() async {
        let viewModel = PlaylistViewModel()
        let changes = viewModel.recordChanges()
        viewModel.load()
        let messages = await expectFailure { changes.finish() }
        // The same text is pasted, as code, in `pastedStepPasses`.
        let step = #"""
            The step that would take it, to paste after review:
                await changes.next {
                    $0.items = [Tagged(id: 0, label: "item 0"), Tagged(id: 1, label: "item 1")]
                    $0.playback = .failed(code: 3, reason: "offline")
                    $0.selection = [1]
                    $0.warnings = []
                }
            """#
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix(step) == true, "\(messages)")
    }

    @Test("The step printedStep checks, pasted as it is, passes")
    @MainActor
    func pastedStepPasses() async {
        let viewModel = PlaylistViewModel()
        let changes = viewModel.recordChanges()
        viewModel.load()
        await changes.next {
            $0.items = [Tagged(id: 0, label: "item 0"), Tagged(id: 1, label: "item 1")]
            $0.playback = .failed(code: 3, reason: "offline")
            $0.selection = [1]
            $0.warnings = []
        }
        changes.finish()
    }
}
