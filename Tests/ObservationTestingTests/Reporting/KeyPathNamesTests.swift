import Observation
import ObservationTesting
import Publishing
import Testing

@testable import ObservationTesting

/// Key paths named as written, computed properties included: on Linux `String(describing:)`
/// prints those as addresses, which `KeyPathNames` looks up in the binary's symbol table.
@Suite("Key path names", .untilTimeout(.seconds(30)))
struct KeyPathNamesTests {
    struct Shelf: Equatable {
        var items: [Int] = []
        var total: Int { items.count }
        private var secret: Int { 7 }
        static var secretPath: KeyPath<Shelf, Int> { \.secret }
        subscript(position: Int) -> Int { items[position] }
    }

    final class ShelfModel: ObservableObject {
        @Published var isLoading = false
        @Published var shelf = Shelf()
    }

    @Observable
    final class Store {
        var isLoading = false
        var shelf = Shelf()
    }

    struct Wrapper {
        var shelf: Shelf?
    }

    // An optimized build emits most getters that key paths point to without a symbol: there
    // those are not named, and messages name the key path by its types.
    #if os(Linux) && DEBUG
        static let readsSymbolTables = true
    #else
        static let readsSymbolTables = false
    #endif

    @Test("A stored property is named as String(describing:) names it")
    func storedProperty() {
        #expect(KeyPathNames.components(of: \Shelf.items) == ["items"])
        #expect(KeyPathNames.description(of: \Shelf.items) == "\\Shelf.items")
        #expect(ValueDescription.of(keyPath: \Shelf.items) == "\\Shelf.items")
    }

    @Test(
        "A computed property of the standard library is named from the symbol table",
        .enabled(if: readsSymbolTables))
    func standardLibraryProperty() {
        #expect(KeyPathNames.components(of: \[Int].count) == ["count"])
        #expect(KeyPathNames.components(of: \String.count) == ["count"])
        #expect(KeyPathNames.components(of: \Set<Int>.isEmpty) == ["isEmpty"])
        // A protocol extension's property: `(extension in Swift):Swift.Collection.first`.
        #expect(KeyPathNames.components(of: \[Int].first) == ["first"])
        #expect(ValueDescription.of(keyPath: \[Int].count) == "\\Array<Int>.count")
    }

    @Test("A @Published property and its projection", .enabled(if: readsSymbolTables))
    func publishedProperty() {
        #expect(KeyPathNames.components(of: \ShelfModel.isLoading) == ["isLoading"])
        #expect(KeyPathNames.components(of: \ShelfModel.$isLoading) == ["$isLoading"])
        #expect(ValueDescription.of(keyPath: \ShelfModel.isLoading) == "\\ShelfModel.isLoading")
    }

    @Test("An @Observable class's property", .enabled(if: readsSymbolTables))
    func observableProperty() {
        #expect(KeyPathNames.components(of: \Store.isLoading) == ["isLoading"])
        #expect(ValueDescription.of(keyPath: \Store.isLoading) == "\\Store.isLoading")
    }

    @Test(
        "A path through computed and stored properties names each", .enabled(if: readsSymbolTables))
    func nestedPath() {
        #expect(
            KeyPathNames.components(of: \Store.shelf.items.count) == ["shelf", "items", "count"])
        #expect(
            ValueDescription.of(keyPath: \ShelfModel.shelf.items.count)
                == "\\ShelfModel.shelf.items.count")
    }

    @Test("Computed properties declared here, private ones too", .enabled(if: readsSymbolTables))
    func propertiesDeclaredHere() {
        #expect(KeyPathNames.components(of: \Shelf.total) == ["total"])
        #expect(KeyPathNames.components(of: Shelf.secretPath) == ["secret"])
        #expect(KeyPathNames.components(of: \Shelf.items.count) == ["items", "count"])
    }

    @Test("A subscript has no property name; the message names the key path by its types")
    func subscriptIsNotNamed() {
        #expect(KeyPathNames.components(of: \[Int].[0]) == nil)
        #expect(KeyPathNames.components(of: \Shelf.[0]) == nil)
        #expect(KeyPathNames.components(of: \Shelf.items[0]) == nil)
        #expect(ValueDescription.of(keyPath: \[Int].[0]) == "a key path of Array<Int> (Int)")
        #expect(
            ValueDescription.of(keyPath: \Shelf.items[0])
                == "\\Shelf.items, then a computed property (Int)")
    }

    @Test("An optional chained is described, but its components are no property list")
    func optionalChaining() {
        #expect(KeyPathNames.components(of: \Wrapper.shelf?.items) == nil)
        #expect(KeyPathNames.description(of: \Wrapper.shelf?.items) == "\\Wrapper.shelf?.items?")
        #expect(KeyPathNames.description(of: \Wrapper.shelf!.items) == "\\Wrapper.shelf!.items")
    }

    @Test("The identity key path is not named")
    func identity() {
        #expect(KeyPathNames.components(of: \Shelf.self) == nil)
    }

    @Test("Only a getter's own address is named", .enabled(if: readsSymbolTables))
    func onlyGetterAddresses() throws {
        let text = String(describing: \Shelf.total)
        let digits = try #require(text.firstMatch(of: /<computed 0x([0-9a-f]+)\s/)?.output.1)
        let address = try #require(UInt(digits, radix: 16))
        #expect(KeyPathNames.name(ofGetterAt: address) == "total")
        #expect(KeyPathNames.name(ofGetterAt: address + 1) == nil)
        #expect(KeyPathNames.name(ofGetterAt: 1) == nil)
    }

    @Test(
        "Named from many tasks at once, each gets the same names", .enabled(if: readsSymbolTables))
    func concurrentNaming() async {
        let names = await withTaskGroup(of: [String]?.self) { group in
            for _ in 0..<8 {
                group.addTask { KeyPathNames.components(of: \Store.shelf.total) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: ["shelf", "total"], count: 8))
    }

    @Test("A demangled getter's property name, in each shape the demangler writes")
    func demangledShapes() {
        func name(_ symbol: String) -> String? { KeyPathNames.propertyName(inGetter: symbol) }
        #expect(
            name("key path getter for App.Model.isLoading : Swift.Bool : App.Model") == "isLoading")
        #expect(
            name("key path getter for Swift.Array.count : Swift.Int : Swift.Array<Swift.Int>")
                == "count")
        #expect(
            name(
                "key path getter for Pub.Hooks.output : ((A) -> ())? : <A, B where B: Swift.Error>Pub.Hooks<A, B>"
            ) == "output")
        #expect(
            name(
                "key path getter for (extension in App):Swift.Array<A where A: Swift.Equatable>.firstTwo : Swift.ArraySlice<A> : Swift.Array<Swift.Int>"
            ) == "firstTwo")
        #expect(
            name(
                "key path getter for App.Shelf.(secret in _D750A635B100497444DD8E6C44EEA049) : Swift.Int : App.Shelf"
            ) == "secret")
        #expect(
            name(
                "key path getter for z : Swift.Int in L #1 in App.local() -> Swift.AnyKeyPath : L #1 in App.local() -> Swift.AnyKeyPath"
            ) == "z")
        #expect(
            name(
                "key path getter for App.Model.$isLoading : App.Published<Swift.Bool>.Publisher : App.Model"
            ) == "$isLoading")
        #expect(
            name(
                "key path getter for App.Shelf.subscript(Swift.Int) -> Swift.Int : App.Shelf")
                == nil)
        #expect(
            name(
                "key path getter for Swift.Dictionary.subscript(A) -> Swift.Optional<B> : <A, B where A: Swift.Hashable>Swift.Dictionary<A, B>AB"
            ) == nil)
        #expect(name("key path setter for App.Model.isLoading : Swift.Bool : App.Model") == nil)
        #expect(name("key path getter for App.Shelf.self : Swift.Int : App.Shelf") == nil)
    }

    @Test(
        "A wait's failure names a key-path condition's computed property as written",
        .enabled(if: readsSymbolTables))
    func failureMessage() async throws {
        let model = ShelfModel()
        let capture = FailureCapture()
        await FailureReporter.$capture.withValue(capture) {
            await until(model.$shelf, satisfies: [.matches(\.total, 3)], timeout: .milliseconds(50))
        }
        let messages = capture.failures.withLock { $0 }.map(\.message)
        try #require(messages.count == 1)
        let message = messages[0]
        // The value's arrival time, and so the quiet time after it, are the parts a loaded
        // machine can change.
        let arrival = /\+\d+\.\d+ s/
        let quiet = /last \d+\.\d+ s/
        #expect(
            message.replacing(arrival, with: "+t s").replacing(quiet, with: "last t s") == """
                until(_:satisfies:) timed out after 0.05 s: condition 1 of 1 (\\Shelf.total == 3) \
                was never met.

                Values received (1), oldest first:
                  [0] +t s  ObservationTestingTests.KeyPathNamesTests.Shelf(items: [])

                The publisher went quiet after value [0]: nothing more arrived in the last t s of \
                the wait. If the code under test sleeps, inject a TestClock and advance it; if \
                it is slow, raise the timeout.
                """)
    }
}
