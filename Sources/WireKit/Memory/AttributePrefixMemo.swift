import FlowLayout

/// The JSON of the members of an attribute that do not move when the view scrolls (kind, index path,
/// frame, centre, zIndex, the estimate flag), remembered per thread by value, so a scroll answer
/// writes the numbers of only what did move: the parallax offset.
///
/// Keyed by the values themselves, not by a layout or a request: a hit is the same bytes by
/// construction, so nothing ever needs invalidating. A two-way set-associative table of fixed-size
/// slots per thread (two ways, so two cells of one view that share a set do not evict each other on
/// every scroll); threads never share a table, so there is no lock.
public struct AttributePrefixMemo {
    /// 128 sets of two 320-byte slots: 80 KiB per worker thread. A slot holds 248 bytes of text, room
    /// for a cell at @3x whose origin and centre are all 17-digit thirds (about 190).
    @inlinable static var setCount: Int { 128 }
    @inlinable static var slotBytes: Int { 320 }
    @inlinable static var tableBytes: Int { setCount * 2 * slotBytes }
    /// Bytes of a slot before the text: the eight key words and the text's length.
    @inlinable static var headerBytes: Int { 72 }
    /// The longest prefix a slot holds; longer ones (very long index paths and coordinates at once)
    /// are written every time.
    @inlinable static var capacity: Int { slotBytes - headerBytes }

    @usableFromInline let table: UnsafeMutableRawPointer

    /// This thread's memo.
    public static var current: AttributePrefixMemo { AttributePrefixMemo(table: tables.pointer.pointee) }

    private static let tables = ThreadLocal<UnsafeMutableRawPointer>("the JSON memo", release: { $0.pointee.deallocate() }) {
        // The slots, then a byte per set naming its less recently used way.
        let table = UnsafeMutableRawPointer.allocate(byteCount: tableBytes + setCount, alignment: 64)
        // Key words of all ones: no attribute has kind 255, so every slot starts empty.
        table.initializeMemory(as: UInt8.self, repeating: 0xFF, count: tableBytes)
        (table + tableBytes).initializeMemory(as: UInt8.self, repeating: 0, count: setCount)
        return table
    }

    /// Writes the prefix of `attributes` with `write` on a miss, or copies the remembered bytes on a hit.
    @inlinable @inline(__always)
    public func write(_ attributes: LayoutAttributes, into writer: inout JSONWriter, _ write: (inout JSONWriter) -> Void) {
        let key = Self.key(attributes)
        let set = Self.set(of: key)
        let older = table.assumingMemoryBound(to: UInt8.self) + Self.tableBytes + set
        for way in 0..<2 {
            let slot = slot(set, way)
            let words = slot.assumingMemoryBound(to: UInt64.self)
            if words[0] == key.0, words[1] == key.1, words[2] == key.2, words[3] == key.3, words[4] == key.4,
               words[5] == key.5, words[6] == key.6, words[7] == key.7 {
                writer.raw(UnsafeRawBufferPointer(start: slot + Self.headerBytes, count: Int(words[8])))
                older.pointee = UInt8(1 - way)
                return
            }
        }
        remember(key, set: set, into: &writer, write)
    }

    /// A miss: writes the prefix with `write` and keeps it in the set's less recently used slot. Out
    /// of line, so that the loop of hits over a view's cells stays on a few lines of code.
    @usableFromInline @inline(never)
    func remember(_ key: Key, set: Int, into writer: inout JSONWriter, _ write: (inout JSONWriter) -> Void) {
        let older = table.assumingMemoryBound(to: UInt8.self) + Self.tableBytes + set
        let start = writer.count
        write(&writer)
        let length = writer.count - start
        guard length <= Self.capacity else { return }
        let way = Int(older.pointee)
        let slot = slot(set, way)
        writer.withBytes { bytes in
            (slot + Self.headerBytes).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
        }
        let words = slot.assumingMemoryBound(to: UInt64.self)
        (words[0], words[1], words[2], words[3]) = (key.0, key.1, key.2, key.3)
        (words[4], words[5], words[6], words[7], words[8]) = (key.4, key.5, key.6, key.7, UInt64(length))
        older.pointee = UInt8(1 - way)
    }

    @inlinable @inline(__always)
    func slot(_ set: Int, _ way: Int) -> UnsafeMutableRawPointer { table + (set * 2 + way) * Self.slotBytes }

    @usableFromInline typealias Key = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Everything the prefix is written from (the centre is the frame's; the estimate flag rides in
    /// the kind's word): bit patterns, so -0 and 0 are different keys for the same text, which costs a
    /// slot and never a wrong answer.
    @inlinable @inline(__always)
    static func key(_ attributes: LayoutAttributes) -> Key {
        let frame = attributes.frame
        // A masonry cell's column in the kind's word: column + 1 from bit 16, 0 for every other element.
        let kind = UInt64(attributes.kind.rawValue) | (attributes.isEstimated ? 0x100 : 0) | UInt64(attributes.columnTag) << 16
        return (kind, UInt64(bitPattern: Int64(attributes.section)),
                UInt64(bitPattern: Int64(attributes.item)), UInt64(bitPattern: Int64(attributes.zIndex)),
                frame.minX.bitPattern, frame.minY.bitPattern, frame.size.width.bitPattern, frame.size.height.bitPattern)
    }

    /// The set a key lives in: the key words mixed by multiplication, the top bits of the result.
    @inlinable @inline(__always)
    static func set(of key: Key) -> Int {
        let mixed = (key.1 &+ key.2 &* 0x9E37_79B9_7F4A_7C15 &+ key.0)
            ^ (key.5 &* 0xC2B2_AE3D_27D4_EB4F) ^ (key.4 &* 0x1656_67B1_9E37_79F9)
            ^ (key.6 &* 0x27D4_EB2F_1656_67C5) ^ (key.7 &* 0x85EB_CA77_C2B2_AE63) ^ key.3
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - setCount.trailingZeroBitCount))
    }
}
