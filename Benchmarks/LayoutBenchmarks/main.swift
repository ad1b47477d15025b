// In-process benchmarks: the engine and updates of a stored layout, the cold path (a 100,000-item
// request from bytes to answer bytes) against simdjson alone and Foundation's JSONDecoder, the hot
// path's allocations, and gzip-compressed answers against plain ones. Prints one JSON
// object with every figure; Benchmarks/bench.py turns it into BENCHMARKS.md. `--quick` runs one short
// iteration of each (what CI checks).

import CMallocCounter
import CSimdJSON
@_spi(WorkCounting) import FlowLayout
import Foundation
import LayoutService
import Logging
import SeededRandom

let quick = CommandLine.arguments.contains("--quick")
/// `--only engine|updates|cold|hot|gzip` runs one group (for profiling under callgrind or perf).
let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
func runs(_ group: String) -> Bool { only == nil || only == group }
var results: [String: Double] = [:]

/// This thread's CPU time: on a shared machine it counts the work, not the waits for a core.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Median CPU time in nanoseconds of `body` over `runs` runs (after one warm-up run).
func median(runs: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<max(1, runs) {
        let start = now()
        body()
        times.append(Double(now() - start))
    }
    return middle(times)
}

/// Two measurements taken in turns (after one warm-up of each), so both see the same machine: the
/// median of each, and the median of the turns' ratios `second / first`, in which drifts of the
/// machine between turns cancel out.
func inTurns(
    _ first: () -> Double, _ second: () -> Double, turns: Int = 9
) -> (first: Double, second: Double, ratio: Double) {
    _ = (first(), second())
    var firsts: [Double] = [], seconds: [Double] = [], ratios: [Double] = []
    for _ in 0..<(quick ? 1 : turns) {
        firsts.append(first())
        seconds.append(second())
        ratios.append(seconds.last! / firsts.last!)
    }
    return (middle(firsts), middle(seconds), middle(ratios))
}

@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

/// CPU time of one run of `body`.
func timed(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start)
}

func variedSizes(_ count: Int, seed: UInt64 = 7) -> [Size] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        Size(width: Double(40 + random.next() % 160) + 0.5, height: Double(40 + random.next() % 120))
    }
}

/// Mean nanoseconds per visible query at random offsets of a layout, one run of `queries`.
func queryTime(_ layout: BaseLayout, queries: Int) -> Double {
    var random = SplitMix64(seed: 11)
    let offsets = (0..<queries).map { _ in Double(random.next() % UInt64(max(1, layout.contentSize.height - 844))) }
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(64)
    let start = now()
    for offset in offsets {
        attributes.removeAll(keepingCapacity: true)
        layout.attributes(in: Viewport(bounds: Rect(x: 0, y: offset, width: 390, height: 844)), into: &attributes)
    }
    keep(attributes.count)
    return Double(now() - start) / Double(queries)
}
// MARK: Engine

if runs("engine") {
let millionCount = quick ? 10_000 : 1_000_000
let million = FlowLayoutInput(sections: [FlowSection(items: .sizes(variedSizes(millionCount)))], crossAxisLength: 390)
let buildTime = median(runs: quick ? 1 : 5) { keep(BaseLayout(million)) }
results["engine_build_varied_items"] = Double(millionCount)
results["engine_build_ns_per_item"] = buildTime / Double(millionCount)
let built = BaseLayout(million)
results["engine_bytes_per_item"] = Double(built.heapByteCount) / Double(millionCount)
let uniform = FlowLayoutInput(sections: [FlowSection(items: .count(millionCount))], crossAxisLength: 390)
results["engine_build_uniform_ns"] = median(runs: quick ? 1 : 20) { keep(BaseLayout(uniform)) }
results["engine_hash_ns_per_item"] = median(runs: quick ? 1 : 5) { keep(million.contentHash) } / Double(millionCount)

let thousand = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(variedSizes(1000)))], crossAxisLength: 390))
let queries = quick ? 100 : 20_000
// The two sizes in turns (a busy neighbour slows the million-item query's cache misses more than the
// thousand-item one).
let query = inTurns({ queryTime(thousand, queries: queries) }, { queryTime(built, queries: queries) })
results["query_1k_ns"] = query.first
results["query_1m_ns"] = query.second
results["query_ratio"] = query.ratio
}

// MARK: Engine: updates of a stored layout (issue 22, point 3)

// Each update timed against what a client would do without updates: register the resulting inputs
// from scratch (the content hash, then the build), in turns. Then a layout reached by 1,000 updates
// against the fresh layout of the same content: the work and time of the same scrolls, and the bytes.
// Every updated layout must have the id of its content registered from scratch, and the layout after
// the random updates the fresh one's answers, or the run stops. Part of the engine group; `--only
// updates` runs it alone; `--update-scrolls fresh|updated` adds nothing but that
// layout's scrolls, inside `countedScrolls`, for callgrind (bench.py counts that function's
// instructions alone with `--toggle-collect`).
if runs("engine") || runs("updates") {
let updateCount = quick ? 10_000 : 1_000_000
let countedLayout = CommandLine.arguments.firstIndex(of: "--update-scrolls").map { CommandLine.arguments[$0 + 1] }
func input(_ sizes: [Size]) -> FlowLayoutInput {
    FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 390)
}
/// What registering `input` costs the service when the layout is not stored: its id, then its layout.
func register(_ input: FlowLayoutInput) -> BaseLayout {
    keep(input.contentHash)
    return BaseLayout(input)
}
/// Mean CPU time of `update` applied to `layout`, over `repeats` runs of it or as many as fit in 50 ms
/// (an update as slow as a rebuild then still ends the benchmark in time, and shows in its ratio).
func updateTime(_ layout: BaseLayout, _ update: [LayoutUpdate], repeats: Int) -> Double {
    let start = now()
    var runs = 0
    while runs < repeats && (runs == 0 || now() - start < 50_000_000) {
        var work = 0
        keep(try! layout.updated(by: update, work: &work).layout)
        runs += 1
    }
    return Double(now() - start) / Double(runs)
}
let updateRepeats = quick ? 10 : 1000
results["update_items"] = Double(updateCount)
let variedBase = variedSizes(updateCount)
let variedStored = BaseLayout(input(variedBase))

// 1,000 random updates (200 in the quick run), one a call as clients send them (inserts, deletes, resizes, moves and appends
// of 1 to 8 varied items at random places), to the stored layout of varied items; the model makes the
// same changes to the list of sizes, registered from scratch at the end.
var random = SplitMix64(seed: 19)
var model = variedBase
var changed = variedStored
var changeWork = 0
var changeTime: UInt64 = 0
// `--update-changes N` for another count (the findings' trend of the bytes).
let changes = CommandLine.arguments.firstIndex(of: "--update-changes").map { Int(CommandLine.arguments[$0 + 1])! } ?? (quick ? 200 : 1000)
for _ in 0..<changes {
    let at = Int(random.next() % UInt64(model.count))
    let sizes = variedSizes(1 + Int(random.next() % 8), seed: random.next())
    let within = min(sizes.count, model.count - at)  // items from `at` that exist
    let update: LayoutUpdate
    switch random.next() % 5 {
    case 0:
        update = .insertItems(section: 0, at: at, items: sizes.map { FlowItem(size: $0) })
        model.insert(contentsOf: sizes, at: at)
    case 1:
        update = .deleteItems(section: 0, at: at, count: within)
        model.removeSubrange(at..<at + within)
    case 2:
        update = .resizeItems(section: 0, at: at, sizes: Array(sizes[0..<within]))
        model.replaceSubrange(at..<at + within, with: sizes[0..<within])
    case 3:
        let size = model.remove(at: at)
        let to = Int(random.next() % UInt64(model.count + 1))
        model.insert(size, at: to)
        update = .moveItem(from: ItemPath(section: 0, item: at), to: ItemPath(section: 0, item: to))
    default:
        update = .appendItems(section: 0, items: sizes.map { FlowItem(size: $0) })
        model += sizes
    }
    let start = now()
    changed = try! changed.updated(by: [update], work: &changeWork).layout
    changeTime += now() - start
}
let fresh = register(input(model))
precondition(changed.contentHash == fresh.contentHash && fresh.contentHash == input(model).contentHash,
             "a layout reached by updates has another id than the same content registered from scratch")
precondition(changed.contentSize == fresh.contentSize && changed.itemCount == fresh.itemCount)

// The same random views of both (a 390×844 view, as the engine's query above).
let scrollQueries = quick ? 100 : 20_000
var offsetRandom = SplitMix64(seed: 23)
let scrollOffsets = (0..<scrollQueries).map { _ in
    Double(offsetRandom.next() % UInt64(max(1, fresh.contentSize.height - 844)))
}
/// Every view of `scrollOffsets` queried on `layout`: the work `attributes(in:into:)` counts (the
/// figure the machine's load cannot move) and the elements answered.
@inline(never) func countedScrolls(_ layout: BaseLayout) -> (work: Int, elements: Int) {
    var attributes: [LayoutAttributes] = []
    attributes.reserveCapacity(64)
    var work = 0, elements = 0
    for offset in scrollOffsets {
        attributes.removeAll(keepingCapacity: true)
        layout.attributes(in: Viewport(bounds: Rect(x: 0, y: offset, width: 390, height: 844)), into: &attributes, work: &work)
        elements += attributes.count
    }
    return (work, elements)
}
if let countedLayout {
    keep(countedScrolls(countedLayout == "fresh" ? fresh : changed))
    exit(0)
}
let changedScrolls = countedScrolls(changed), freshScrolls = countedScrolls(fresh)
precondition(changedScrolls.elements == freshScrolls.elements, "the updated layout answers other views than the fresh one")
for offset in scrollOffsets.prefix(1000) {
    var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
    let view = Viewport(bounds: Rect(x: 0, y: offset, width: 390, height: 844))
    changed.attributes(in: view, into: &mine)
    fresh.attributes(in: view, into: &theirs)
    precondition(mine == theirs, "the updated layout answers the view at \(offset) otherwise than the fresh one")
}
results["update_random_changes"] = Double(changes)
results["update_random_ns_per_change"] = Double(changeTime) / Double(max(1, changes))
results["update_random_work_per_change"] = Double(changeWork) / Double(max(1, changes))
results["update_scroll_queries"] = Double(scrollQueries)
results["update_scroll_work_fresh"] = Double(freshScrolls.work) / Double(scrollQueries)
results["update_scroll_work_updated"] = Double(changedScrolls.work) / Double(scrollQueries)
results["update_scroll_work_ratio"] = Double(changedScrolls.work) / Double(freshScrolls.work)
// Mean CPU time per view, the two layouts in turns.
let scrolls = inTurns({ timed { keep(countedScrolls(fresh)) } }, { timed { keep(countedScrolls(changed)) } })
results["update_scroll_fresh_ns"] = scrolls.first / Double(scrollQueries)
results["update_scroll_updated_ns"] = scrolls.second / Double(scrollQueries)
results["update_scroll_time_ratio"] = scrolls.ratio
results["update_bytes_fresh"] = Double(fresh.heapByteCount)
results["update_bytes_updated"] = Double(changed.heapByteCount)
results["update_bytes_ratio"] = Double(changed.heapByteCount) / Double(fresh.heapByteCount)

/// Times `updates` of `stored` against registering `result` (its id and its build) in turns, after
/// checking the update gives `result`'s id; records `update_<name>_ns`, `_register_ns`, `_ratio` and
/// `_work`.
func measureUpdate(_ name: String, _ stored: BaseLayout, _ updates: [LayoutUpdate], giving result: FlowLayoutInput) {
    var work = 0
    let updated = try! stored.updated(by: updates, work: &work).layout
    precondition(updated.contentHash == result.contentHash, "\(name): the updated layout's id differs from its fresh one's")
    let turns = inTurns(
        { updateTime(stored, updates, repeats: updateRepeats) }, { timed { keep(register(result)) } }, turns: 5)
    results["update_\(name)_ns"] = turns.first
    results["update_\(name)_register_ns"] = turns.second
    results["update_\(name)_ratio"] = turns.ratio
    results["update_\(name)_work"] = Double(work)
}

// A feed's next page: 100 varied items appended to the stored layout of varied items (several a line).
let page = variedSizes(100, seed: 13)
measureUpdate(
    "append", variedStored, [.appendItems(section: 0, items: page.map { FlowItem(size: $0) })], giving: input(variedBase + page))

// A feed of one item a line (every item wider than half the line, heights varied): the middle item
// measured anew.
var feedRandom = SplitMix64(seed: 17)
let feedSizes = (0..<updateCount).map { _ in
    Size(width: Double(200 + feedRandom.next() % 180) + 0.5, height: Double(40 + feedRandom.next() % 200))
}
let feedStored = BaseLayout(input(feedSizes))
// One item a line: the content is every height and the default 10-point spacing between them.
precondition(feedStored.contentSize.height == feedSizes.reduce(0) { $0 + $1.height } + 10 * Double(updateCount - 1),
             "the feed is not one item a line")
let measured = Size(width: 301.5, height: 517)
var resizedSizes = feedSizes
resizedSizes[updateCount / 2] = measured
measureUpdate(
    "resize", feedStored, [.resizeItems(section: 0, at: updateCount / 2, sizes: [measured])], giving: input(resizedSizes))

// The worst batch for re-breaking lines: 10,000 inserts at the front of 300,000 items two a line of
// alternating widths, each moving every line break after it. Past a registration's worth of work the
// batch edits items only and breaks the lines once (docs/flow-layout.md §16).
let gridCount = quick ? 3_000 : 300_000
let frontInserts = quick ? 100 : 10_000
let gridSizes = (0..<gridCount).map { Size(width: $0 % 2 == 0 ? 150 : 100, height: 40) }
let front = Size(width: 120, height: 40)
measureUpdate(
    "front_inserts", BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(gridSizes))], crossAxisLength: 320)),
    Array(repeating: .insertItems(section: 0, at: 0, items: [FlowItem(size: front)]), count: frontInserts),
    giving: FlowLayoutInput(
        sections: [FlowSection(items: .sizes(Array(repeating: front, count: frontInserts) + gridSizes))], crossAxisLength: 320))
results["update_front_inserts_items"] = Double(gridCount)
results["update_front_inserts_count"] = Double(frontInserts)
}

// MARK: Masonry (issue 34, point 4)

// A million varied items in three columns against the same items in lines: registering each (id and
// build) and scrolling each, in turns; then one item of the masonry layout measured anew with
// `keepColumns`, against registering the result (every item naming the column it kept). `--only
// masonry` runs it alone.
if runs("engine") || runs("masonry") {
let masonryCount = quick ? 10_000 : 1_000_000
let masonrySizes = variedSizes(masonryCount, seed: 23)
var columns = FlowLayoutSettings()
columns.masonry = MasonryColumns(count: .fixed(3))
let flowInput = FlowLayoutInput(sections: [FlowSection(items: .sizes(masonrySizes))], crossAxisLength: 390)
let masonryInput = FlowLayoutInput(settings: columns, sections: [FlowSection(items: .sizes(masonrySizes))], crossAxisLength: 390)
func registered(_ input: FlowLayoutInput) -> BaseLayout {
    keep(input.contentHash)
    return BaseLayout(input)
}
let registration = inTurns({ timed { keep(registered(flowInput)) } }, { timed { keep(registered(masonryInput)) } }, turns: 5)
results["masonry_items"] = Double(masonryCount)
results["masonry_register_flow_ns"] = registration.first
results["masonry_register_ns"] = registration.second
results["masonry_register_ratio"] = registration.ratio
let flowLayout = BaseLayout(flowInput)
let masonryLayout = BaseLayout(masonryInput)
let masonryScroll = inTurns({ queryTime(flowLayout, queries: quick ? 100 : 20_000) }, { queryTime(masonryLayout, queries: quick ? 100 : 20_000) })
results["masonry_scroll_flow_ns"] = masonryScroll.first
results["masonry_scroll_ns"] = masonryScroll.second
results["masonry_scroll_ratio"] = masonryScroll.ratio
// One item measured anew with `keepColumns` on a layout whose items all name their columns, as after
// the first such update, against registering the result; and that first update, which names them.
let measuredAt = masonryCount / 2
let measuredSize = Size(width: 180.5, height: 517)
func measuring(_ item: Int) -> [LayoutUpdate] { [.resizeItems(section: 0, at: item, sizes: [measuredSize])] }
var cells: [LayoutAttributes] = []
masonryLayout.attributes(
    in: Viewport(bounds: Rect(x: 0, y: -1, width: 390, height: masonryLayout.contentSize.height + 2)), into: &cells)
var kept = FlowSection(items: .sizes(masonrySizes))
kept.masonryRoles = cells.map { MasonryRole.column($0.column!) }
var keptSizes = masonrySizes
(keptSizes[measuredAt], keptSizes[measuredAt + 1]) = (measuredSize, measuredSize)
kept.items = .sizes(keptSizes)
let keptInput = FlowLayoutInput(settings: columns, sections: [kept], crossAxisLength: 390)
results["masonry_kept_first_ns"] = median(runs: quick ? 1 : 5) { keep(try! masonryLayout.updated(by: measuring(measuredAt), keepColumns: true)) }
let keptLayout = try! masonryLayout.updated(by: measuring(measuredAt), keepColumns: true).layout
precondition(
    try! keptLayout.updated(by: measuring(measuredAt + 1), keepColumns: true).layout.contentHash == keptInput.contentHash,
    "masonry: the layout with kept columns differs from its fresh one")
// A thousand updates a turn: one takes microseconds.
let keptResize = inTurns(
    { timed { for _ in 0..<1_000 { keep(try! keptLayout.updated(by: measuring(measuredAt + 1), keepColumns: true)) } } / 1_000 },
    { timed { keep(registered(keptInput)) } }, turns: 5)
results["masonry_kept_resize_ns"] = keptResize.first
results["masonry_kept_resize_register_ns"] = keptResize.second
results["masonry_kept_resize_ratio"] = keptResize.second / keptResize.first
// Scrolling the kept layout, whose lanes are runs of placements, against the flow layout.
let keptScroll = inTurns({ queryTime(flowLayout, queries: quick ? 100 : 20_000) }, { queryTime(keptLayout, queries: quick ? 100 : 20_000) })
results["masonry_kept_scroll_ns"] = keptScroll.second
results["masonry_kept_scroll_ratio"] = keptScroll.ratio
// A page of 100 items appended to the latest layout each turn (the storage extended in place), against
// registering the first result.
let page = (0..<100).map { FlowItem(size: masonrySizes[$0]) }
let append: [LayoutUpdate] = [.appendItems(section: 0, items: page)]
let appendedInput = FlowLayoutInput(
    settings: columns, sections: [FlowSection(items: .sizes(masonrySizes + page.map(\.size)))], crossAxisLength: 390)
precondition(
    try! masonryLayout.updated(by: append).layout.contentHash == appendedInput.contentHash,
    "masonry: the layout with a page appended differs from its fresh one")
var latest = try! masonryLayout.updated(by: append).layout
let appended = inTurns(
    { timed { latest = try! latest.updated(by: append).layout } }, { timed { keep(registered(appendedInput)) } }, turns: 5)
results["masonry_append_ns"] = appended.first
results["masonry_append_register_ns"] = appended.second
results["masonry_append_ratio"] = appended.second / appended.first
}

// MARK: Compositional sections (issue 42, point 3)

// A million cells of a fixed-size group (two cards a row): registering them (id and build) costs the
// group, not the cells. A million cards of estimated heights, every one measured, against the same
// sizes in the flow layout's lines: registering each, scrolling each, in turns; then one card measured
// anew, against registering the result. `--only compositional` runs it alone.
if runs("engine") || runs("compositional") {
let compositionalCount = quick ? 10_000 : 1_000_000
func cards(_ height: CompositionalDimension) -> CompositionalSection {
    let group = CompositionalGroup(
        axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: height),
        subitems: [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.5), height: height)))], count: 2,
        interItemSpacing: .fixed(8))
    return CompositionalSection(group: group, interGroupSpacing: 8, contentInsets: DirectionalInsets(leading: 8, trailing: 8))
}
func registeredLayout(_ input: FlowLayoutInput) -> BaseLayout {
    keep(input.contentHash)
    return BaseLayout(input)
}
let fixedInput = FlowLayoutInput(
    sections: [FlowSection(items: .count(compositionalCount), compositional: cards(.absolute(120)))], crossAxisLength: 390,
    scrollAxisLength: 844)
results["compositional_items"] = Double(compositionalCount)
results["compositional_fixed_register_ns"] = median(runs: quick ? 1 : 9) { keep(registeredLayout(fixedInput)) }
let cardSizes = variedSizes(compositionalCount, seed: 29).map { Size(width: 179, height: $0.height) }
let flowCards = FlowLayoutInput(sections: [FlowSection(items: .sizes(cardSizes))], crossAxisLength: 390)
let estimatedCards = FlowLayoutInput(
    sections: [FlowSection(items: .sizes(cardSizes), compositional: cards(.estimated(120)))], crossAxisLength: 390,
    scrollAxisLength: 844)
if CommandLine.arguments.contains("--register-loop") { for _ in 0..<10 { keep(registeredLayout(estimatedCards)) }; exit(0) }
let cardRegistration = inTurns(
    { timed { keep(registeredLayout(flowCards)) } }, { timed { keep(registeredLayout(estimatedCards)) } }, turns: 5)
results["compositional_register_flow_ns"] = cardRegistration.first
results["compositional_register_ns"] = cardRegistration.second
results["compositional_register_ratio"] = cardRegistration.ratio
let flowCardsLayout = BaseLayout(flowCards)
let cardsLayout = BaseLayout(estimatedCards)
if CommandLine.arguments.contains("--scroll-loop") { for _ in 0..<40 { keep(queryTime(cardsLayout, queries: 20_000)) }; exit(0) }
let cardScroll = inTurns(
    { queryTime(flowCardsLayout, queries: quick ? 100 : 20_000) }, { queryTime(cardsLayout, queries: quick ? 100 : 20_000) })
results["compositional_scroll_flow_ns"] = cardScroll.first
results["compositional_scroll_ns"] = cardScroll.second
results["compositional_scroll_ratio"] = cardScroll.ratio
// One card in the middle measured anew, against registering the result.
let measuredCard = compositionalCount / 2
let measuring: [LayoutUpdate] = [.resizeItems(section: 0, at: measuredCard, sizes: [Size(width: 179, height: 517)])]
var measuredSizes = cardSizes
measuredSizes[measuredCard] = Size(width: 179, height: 517)
let measuredInput = FlowLayoutInput(
    sections: [FlowSection(items: .sizes(measuredSizes), compositional: cards(.estimated(120)))], crossAxisLength: 390,
    scrollAxisLength: 844)
precondition(
    try! cardsLayout.updated(by: measuring).layout.contentHash == measuredInput.contentHash,
    "compositional: the measured layout differs from its fresh one")
// A hundred measurements a turn: one takes microseconds, less than the clock's noise after a registration.
let cardResize = inTurns(
    { timed { for _ in 0..<100 { keep(try! cardsLayout.updated(by: measuring)) } } / 100 },
    { timed { keep(registeredLayout(measuredInput)) } }, turns: 5)
results["compositional_resize_ns"] = cardResize.first
results["compositional_resize_register_ns"] = cardResize.second
results["compositional_resize_ratio"] = cardResize.second / cardResize.first
}

// MARK: Cold path: a 100,000-item request

/// The same request as Codable structs, for the Foundation baseline.
struct FoundationRequest: Decodable {
    struct Bounds: Decodable { var x: Double; var y: Double; var width: Double; var height: Double }
    struct Item: Decodable { var width: Double; var height: Double }
    struct Parallax: Decodable { var model: String; var maxOffset: Double }
    var bounds: Bounds
    var parallax: Parallax?
    var items: [Item]
}

if runs("cold") {
let coldCount = quick ? 1000 : 100_000
var coldJSON = #"{"bounds":{"x":0,"y":100000,"width":390,"height":844},"parallax":{"model":"center","maxOffset":20},"items":["#
var random = SplitMix64(seed: 3)
for index in 0..<coldCount {
    if index > 0 { coldJSON += "," }
    coldJSON += #"{"width":\#(40 + random.next() % 160).5,"height":\#(40 + random.next() % 120)}"#
}
coldJSON += "]}"
let coldBytes = Array(coldJSON.utf8)
results["cold_body_bytes"] = Double(coldBytes.count)
// The server's bodies carry 64 bytes of zeroed padding, which lets simdjson parse in place.
let padded = coldBytes + [UInt8](repeating: 0, count: Int(SJ_PADDING))

func coldRequest(_ service: LayoutService) -> ServiceResponse {
    padded.withUnsafeBytes { bytes in
        service.handle(ServiceRequest(
            method: "POST", path: "/v1/layout", contentType: "application/json",
            body: UnsafeRawBufferPointer(rebasing: bytes[0..<coldBytes.count]), bodyIsPadded: true))
    }
}
precondition(coldRequest(LayoutService()).status == 200)

// Each baseline in turns with layoutd, so a busy spell of the machine (memory bandwidth shared with
// neighbours slows a 2.8 MB parse far more than it slows a few kilobytes) falls on both sides of a
// turn's ratio rather than on one block of runs.
let parser = sj_parser_create(coldBytes.count + 1024)!
let coldVsSimdjson = inTurns({
    timed {
        var root = sj_value()
        padded.withUnsafeBufferPointer { bytes in
            precondition(sj_parse(parser, bytes.baseAddress, coldBytes.count, true, &root) == 0)
        }
        keep(root)
    }
}, { timed { keep(coldRequest(LayoutService())) } }, turns: 15)
results["cold_simdjson_ns"] = coldVsSimdjson.first
results["cold_layoutd_ns"] = coldVsSimdjson.second
results["cold_simdjson_ratio"] = coldVsSimdjson.ratio

let coldData = Data(coldBytes)
let foundationVsCold = inTurns(
    { timed { keep(coldRequest(LayoutService())) } },
    { timed { keep(try! JSONDecoder().decode(FoundationRequest.self, from: coldData)) } }, turns: 3)
results["cold_foundation_ns"] = foundationVsCold.second
results["cold_foundation_ratio"] = foundationVsCold.ratio
let coldBefore = malloc_counter_allocations()
keep(coldRequest(LayoutService()))
results["cold_allocations_per_request"] = Double(malloc_counter_allocations() - coldBefore)
}

// MARK: Hot path: a stored-layout scroll, in process

// The stored layout the hot path and the gzip figures scroll: 10,000 varied items.
let registration = Array(#"{"viewport":{"width":390},"layout":{"minimumLineSpacing":8},"items":["#.utf8)
    + Array(variedSizes(10_000).map { #"{"width":\#($0.width),"height":\#($0.height)}"# }.joined(separator: ",").utf8)
    + Array("]}".utf8)
let scrollBody = Array(#"{"bounds":{"x":0,"y":5000,"width":390,"height":844},"scale":3,"parallax":{"model":"center","maxOffset":24}}"#.utf8)
    + [UInt8](repeating: 0, count: Int(SJ_PADDING))

/// A service with the layout registered, and its scroll path.
func registered(_ service: LayoutService) -> String {
    let answer = registration.withUnsafeBytes {
        service.handle(ServiceRequest(method: "POST", path: "/v1/layouts", contentType: "application/json", body: $0))
    }
    let layoutID = (try! JSONSerialization.jsonObject(with: Data(answer.body)) as! [String: Any])["layoutId"] as! String
    return "/v1/layouts/\(layoutID)/attributes"
}

/// A POST of `body` (padded) to a stored layout's attributes, with `acceptEncoding` if given.
func scrollRequest(_ service: LayoutService, _ path: String, _ body: [UInt8], acceptEncoding: RequestText? = nil) -> ServiceResponse {
    body.withUnsafeBytes { bytes in
        service.handle(ServiceRequest(
            method: "POST", path: RequestText(path), contentType: "application/json", acceptEncoding: acceptEncoding,
            body: UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - Int(SJ_PADDING))]), bodyIsPadded: true))
    }
}

func hotRequest(_ service: LayoutService, _ path: String) -> ServiceResponse { scrollRequest(service, path, scrollBody) }

if runs("hot") {

let hotService = LayoutService()
let scrollPath = registered(hotService)
// The same service with layoutd's access log on: a JSON line per request through the log sink, here
// into /dev/null so the figure is the hot path's own cost, not the disk's.
var loggedConfiguration = LayoutService.Configuration()
let devNull = LogSink(descriptor: open("/dev/null", O_WRONLY))
loggedConfiguration.logger = Logger(label: "layoutd") { JSONLogHandler(label: $0, level: .info, sink: devNull) }
loggedConfiguration.accessLogLevel = .info
let loggedService = LayoutService(configuration: loggedConfiguration)
let loggedPath = registered(loggedService)

let hotAnswer = hotRequest(hotService, scrollPath)
precondition(hotAnswer.status == 200 && hotRequest(loggedService, loggedPath).body == hotAnswer.body)
let hotAttributes = (try! JSONSerialization.jsonObject(with: Data(hotAnswer.body)) as! [String: Any])["attributes"] as! [Any]
results["hot_attributes"] = Double(hotAttributes.count)
results["hot_answer_bytes"] = Double(hotAnswer.body.count)
let hotRuns = quick ? 100 : 100_000
// `--hot-requests N`: N scroll requests and nothing else, for an instruction count under callgrind
// (bench.py runs two counts and takes the difference, so the setup cancels out).
if let index = CommandLine.arguments.firstIndex(of: "--hot-requests"), let count = Int(CommandLine.arguments[index + 1]) {
    for _ in 0..<count { keep(hotRequest(hotService, scrollPath)) }
    exit(0)
}
// Quiet and logged in turns, so both see the same machine; CPU time per request of each turn.
func perRequest(_ service: LayoutService, _ path: String) -> Double {
    let start = now()
    for _ in 0..<hotRuns { keep(hotRequest(service, path)) }
    return Double(now() - start) / Double(hotRuns)
}
let hot = inTurns({ perRequest(hotService, scrollPath) }, { perRequest(loggedService, loggedPath) })
results["hot_in_process_ns"] = hot.first
results["hot_logged_in_process_ns"] = hot.second
results["hot_logging_cost"] = hot.ratio - 1
// The access line alone: a `GET /livez` with it and without, in turns; the median difference.
func livez(_ service: LayoutService) -> Double {
    let start = now()
    for _ in 0..<hotRuns {
        keep(service.handle(ServiceRequest(method: "GET", path: "/livez", contentType: nil, body: UnsafeRawBufferPointer(start: nil, count: 0))))
    }
    return Double(now() - start) / Double(hotRuns)
}
var lineCosts: [Double] = []
for _ in 0..<(quick ? 1 : 9) { lineCosts.append(-livez(hotService) + livez(loggedService)) }
results["log_line_ns"] = middle(lineCosts)
let before = malloc_counter_allocations()
for _ in 0..<1000 { keep(hotRequest(hotService, scrollPath)) }
results["hot_allocations_per_request"] = Double(malloc_counter_allocations() - before) / 1000
}

// MARK: gzip-compressed answers (issue 23, point 4)

// The hot path's scroll and a list of 240 bounds of the same layout (a fling: the view moving 16
// points at a time), each answered plain and with `Accept-Encoding: gzip`: the bytes, and the CPU time
// of `LayoutService.handle` per request, plain and gzip in turns (the median of 9 turns' means).
if runs("gzip") {
let service = LayoutService()
let path = registered(service)
let fling = (0..<240).map { #"{"x":0,"y":\#(5000 + 16 * $0),"width":390,"height":844}"# }.joined(separator: ",")
let listBody = Array(#"{"bounds":[\#(fling)],"scale":3,"parallax":{"model":"center","maxOffset":24}}"#.utf8)
    + [UInt8](repeating: 0, count: Int(SJ_PADDING))
func contentEncoding(_ response: ServiceResponse) -> String? {
    var coding: String?
    response.forEachHeader { name, value in
        if String(decoding: name, as: UTF8.self) == "Content-Encoding" { coding = String(decoding: value, as: UTF8.self) }
    }
    return coding
}
for (name, body, runs) in [("scroll", scrollBody, quick ? 10 : 20_000), ("list", listBody, quick ? 1 : 40)] {
    let plain = scrollRequest(service, path, body)
    let compressed = scrollRequest(service, path, body, acceptEncoding: "gzip")
    precondition(plain.status == 200 && contentEncoding(plain) == nil && contentEncoding(compressed) == "gzip")
    results["gzip_\(name)_plain_bytes"] = Double(plain.body.count)
    results["gzip_\(name)_gzip_bytes"] = Double(compressed.body.count)
    func perRequest(_ acceptEncoding: RequestText?) -> Double {
        let start = now()
        for _ in 0..<runs { keep(scrollRequest(service, path, body, acceptEncoding: acceptEncoding)) }
        return Double(now() - start) / Double(runs)
    }
    let times = inTurns({ perRequest(nil) }, { perRequest("gzip") })
    results["gzip_\(name)_plain_ns"] = times.first
    results["gzip_\(name)_gzip_ns"] = times.second
    results["gzip_\(name)_time_ratio"] = times.ratio
}
}

let json = try! JSONSerialization.data(withJSONObject: results, options: [.sortedKeys, .prettyPrinted])
print(String(decoding: json, as: UTF8.self))
