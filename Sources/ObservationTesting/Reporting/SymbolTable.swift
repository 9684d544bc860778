#if os(Linux)
    import Glibc
    import Publishing

    /// The key path getters of the loaded ELF objects, read from their symbol tables: the one
    /// type that reads a binary, for failure messages only (``KeyPathNames``).
    ///
    /// A key path getter is a local symbol: `dladdr` reads only the dynamic symbol table, where
    /// it is not, so `String(describing:)` prints a computed component as an address. The full
    /// symbol table (`.symtab`) of the file the object was loaded from still names it, unless the
    /// file was stripped.
    enum SymbolTable {
        /// The mangled names of the key path getters of each object read so far, by the symbol
        /// value (the address the object is linked at), keyed by the object's file.
        private static let getters = Locked<[String: [UInt: [String]]]>([:])

        /// The demangled names of the key path getters whose code starts at `address`
        /// (`key path getter for App.Model.isLoading : Swift.Bool : App.Model`): usually one,
        /// none where the address is not one's, several where the linker folded getters.
        static func keyPathGetters(at address: UInt) -> [String] {
            // One name that cannot be read leaves the rest unsure: none is given.
            let names = mangledKeyPathGetters(at: address).map(demangled)
            return names.contains(nil) ? [] : names.compactMap { $0 }
        }

        /// The runtime's demangler: `key path getter for App.Model.isLoading : …` for
        /// `$s3App5ModelC9isLoadingSbvpACTK`.
        private static func demangled(_ mangled: String) -> String? {
            mangled.withCString { name in
                guard let text = demangle(name, mangled.utf8.count, nil, nil, 0) else {
                    return nil
                }
                defer { free(text) }
                return String(cString: text)
            }
        }

        private static func mangledKeyPathGetters(at address: UInt) -> [String] {
            guard let object = LoadedObject.containing(address) else { return [] }
            let symbols = getters.withLock { read in
                if let symbols = read[object.file] { return symbols }
                let symbols = keyPathGetters(of: object)
                read[object.file] = symbols
                return symbols
            }
            return symbols[address &- object.base] ?? []
        }

        /// The `$s…TK` function symbols of the file `object` was loaded from, by value; none if
        /// the file cannot be read, is not a 64-bit ELF file, has no `.symtab`, or is no longer
        /// the one loaded.
        private static func keyPathGetters(of object: LoadedObject) -> [UInt: [String]] {
            let descriptor = open(object.file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return [:] }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return [:] }
            let size = Int(status.st_size)
            let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
            guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return [:] }
            defer { munmap(mapped, size) }
            // A file rebuilt or upgraded since it was loaded would name other getters at the
            // same addresses; its notes, the build ID among them, tell it apart.
            let isLoadedFile = object.notes.allSatisfy { note in
                guard note.offset <= size, note.size <= size - note.offset,
                    let loaded = UnsafeRawPointer(bitPattern: note.address)
                else { return false }
                return memcmp(mapped + note.offset, loaded, note.size) == 0
            }
            guard !object.notes.isEmpty, isLoadedFile else { return [:] }
            return ELFFile(UnsafeRawBufferPointer(start: mapped, count: size))?.keyPathGetters()
                ?? [:]
        }
    }

    /// A 64-bit ELF file's bytes, read with every offset checked against its size: the file is
    /// whatever is at the object's path, and a bad one must give no names rather than a crash.
    private struct ELFFile {
        let bytes: UnsafeRawBufferPointer
        let header: Elf64_Ehdr

        init?(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            guard bytes.count >= MemoryLayout<Elf64_Ehdr>.size,
                bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]),
                bytes[Int(EI_CLASS)] == ELFCLASS64
            else { return nil }
            header = bytes.loadUnaligned(as: Elf64_Ehdr.self)
            guard Int(header.e_shentsize) == MemoryLayout<Elf64_Shdr>.size else { return nil }
        }

        func keyPathGetters() -> [UInt: [String]] {
            var found: [UInt: [String]] = [:]
            for index in 0..<Int(header.e_shnum) {
                guard let table = section(index), table.sh_type == SHT_SYMTAB,
                    Int(table.sh_entsize) == MemoryLayout<Elf64_Sym>.size,
                    let names = section(Int(table.sh_link)),
                    let symbols = range(table), let strings = range(names)
                else { continue }
                for offset in stride(
                    from: symbols.lowerBound, to: symbols.upperBound,
                    by: MemoryLayout<Elf64_Sym>.size)
                where offset + MemoryLayout<Elf64_Sym>.size <= symbols.upperBound {
                    let symbol = bytes.loadUnaligned(fromByteOffset: offset, as: Elf64_Sym.self)
                    guard symbol.st_info & 0xF == STT_FUNC, symbol.st_shndx != SHN_UNDEF,
                        let name = keyPathGetterName(at: Int(symbol.st_name), in: strings)
                    else { continue }
                    found[UInt(symbol.st_value), default: []].append(name)
                }
            }
            return found
        }

        private func section(_ index: Int) -> Elf64_Shdr? {
            let offset = Int(header.e_shoff) + index * MemoryLayout<Elf64_Shdr>.size
            guard index >= 0, index < Int(header.e_shnum), header.e_shoff > 0,
                offset + MemoryLayout<Elf64_Shdr>.size <= bytes.count
            else { return nil }
            return bytes.loadUnaligned(fromByteOffset: offset, as: Elf64_Shdr.self)
        }

        private func range(_ section: Elf64_Shdr) -> Range<Int>? {
            let (end, overflow) = section.sh_offset.addingReportingOverflow(section.sh_size)
            guard !overflow, end <= UInt64(bytes.count) else { return nil }
            return Int(section.sh_offset)..<Int(end)
        }

        /// The name at `offset` in the string table `strings` if it is a key path getter's,
        /// `$s…TK`: only those are kept, and deciding from the bytes spares making a `String` of
        /// each of the tens of thousands of other names.
        private func keyPathGetterName(at offset: Int, in strings: Range<Int>) -> String? {
            let start = strings.lowerBound + offset
            guard offset > 0, start < strings.upperBound, let base = bytes.baseAddress,
                bytes[start] == UInt8(ascii: "$")
            else { return nil }
            let name = (base + start).assumingMemoryBound(to: CChar.self)
            let length = strnlen(name, strings.upperBound - start)
            let end = start + length
            guard length > 4, end < strings.upperBound, bytes[start + 1] == UInt8(ascii: "s"),
                bytes[end - 2] == UInt8(ascii: "T"), bytes[end - 1] == UInt8(ascii: "K")
            else { return nil }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// An object in this process: the executable or a shared library.
    private struct LoadedObject {
        /// The file it was loaded from.
        var file: String
        /// What its addresses are offset by from the values its symbol table gives.
        var base: UInt
        /// Where its notes (`PT_NOTE`, the build ID among them) are, loaded and in its file.
        var notes: [(address: UInt, offset: Int, size: Int)]

        /// The object whose loaded segments hold `address`, found through `dl_iterate_phdr`.
        static func containing(_ address: UInt) -> LoadedObject? {
            var search = Search(address: address)
            _ = withUnsafeMutablePointer(to: &search) { pointer in
                iteratePhdr(
                    { info, _, context in
                        guard let info, let context else { return 1 }
                        let search = context.assumingMemoryBound(to: Search.self)
                        return search.pointee.check(info) ? 1 : 0
                    }, pointer)
            }
            return search.found
        }

        private struct Search {
            let address: UInt
            var found: LoadedObject?

            /// Whether the object `info` describes holds the address; if so it is `found`.
            ///
            /// `info` points to a `struct dl_phdr_info`, which Glibc's module does not import:
            /// its first fields are the load base, the name and the program headers, each a
            /// word, then their count.
            mutating func check(_ info: UnsafeMutableRawPointer) -> Bool {
                let word = MemoryLayout<UInt>.size
                let base = info.load(as: UInt.self)
                let name = info.load(fromByteOffset: word, as: UnsafePointer<CChar>?.self)
                let headers = info.load(
                    fromByteOffset: 2 * word, as: UnsafePointer<Elf64_Phdr>?.self)
                let count = Int(info.load(fromByteOffset: 3 * word, as: UInt16.self))
                guard let headers else { return false }
                let segments = UnsafeBufferPointer(start: headers, count: count)
                let loads = segments.filter { $0.p_type == PT_LOAD }
                guard
                    loads.contains(where: {
                        let start = base &+ UInt($0.p_vaddr)
                        return address >= start && address - start < UInt($0.p_memsz)
                    })
                else { return false }
                // The executable is listed with an empty name.
                let file = name.map { String(cString: $0) } ?? ""
                found = LoadedObject(
                    file: file.isEmpty ? "/proc/self/exe" : file, base: base,
                    notes: segments.filter { isReadable($0, in: loads) }.map {
                        (base &+ UInt($0.p_vaddr), Int($0.p_offset), Int($0.p_filesz))
                    })
                return true
            }

            /// Whether `segment` is a note that a readable loaded segment holds, so that
            /// reading it cannot fault.
            private func isReadable(_ segment: Elf64_Phdr, in loads: [Elf64_Phdr]) -> Bool {
                segment.p_type == PT_NOTE && segment.p_filesz > 0
                    && loads.contains {
                        $0.p_flags & UInt32(PF_R) != 0 && segment.p_vaddr >= $0.p_vaddr
                            && segment.p_vaddr - $0.p_vaddr <= $0.p_filesz
                            && segment.p_filesz <= $0.p_filesz - (segment.p_vaddr - $0.p_vaddr)
                    }
            }
        }
    }

    // `@_silgen_name`, not a C target: no module this package imports declares these two C
    // functions, and a target for two declarations would add a module to every consumer's build.

    /// Glibc's `dl_iterate_phdr`, which its Swift module does not import (`link.h`). Its two
    /// arguments are pointers, passed the same way by Swift's calling convention as by C's.
    @_silgen_name("dl_iterate_phdr")
    private func iteratePhdr(
        _ callback:
            @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) ->
            Int32,
        _ context: UnsafeMutableRawPointer?
    ) -> Int32

    /// The Swift runtime's demangler, which no Swift module declares; the text it returns is
    /// `malloc`ed.
    @_silgen_name("swift_demangle")
    private func demangle(
        _ mangledName: UnsafePointer<CChar>?, _ length: Int,
        _ outputBuffer: UnsafeMutablePointer<CChar>?,
        _ outputBufferSize: UnsafeMutablePointer<Int>?,
        _ flags: UInt32
    ) -> UnsafeMutablePointer<CChar>?
#endif
