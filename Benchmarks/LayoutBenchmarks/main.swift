// In-process benchmarks: the engine, the cold path (a 100,000-item request from bytes to answer bytes)
// against simdjson alone and Foundation's JSONDecoder, and the hot path's allocations. Prints one JSON
// object with every figure; Benchmarks/bench.py turns it into BENCHMARKS.md. `--quick` runs one short
// iteration of each (what CI checks).

import CMallocCounter
import CSimdJSON
import FlowLayout
import Foundation
import LayoutService
import Logging
import SeededRandom

let quick = CommandLine.arguments.contains("--quick")
/// `--only engine|cold|hot` runs one group (for profiling under callgrind or perf).
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

func variedSizes(_ count: Int) -> [Size] {
    var random = SplitMix64(seed: 7)
    return (0..<count).map { _ in
        Size(width: Double(40 + random.next() % 160) + 0.5, height: Double(40 + random.next() % 120))
    }
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
let thousand = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(variedSizes(1000)))], crossAxisLength: 390))
let queries = quick ? 100 : 20_000
// The two sizes in turns (a busy neighbour slows the million-item query's cache misses more than the
// thousand-item one).
let query = inTurns({ queryTime(thousand, queries: queries) }, { queryTime(built, queries: queries) })
results["query_1k_ns"] = query.first
results["query_1m_ns"] = query.second
results["query_ratio"] = query.ratio
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

/// CPU time of one run of `body`.
func timed(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start)
}

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

if runs("hot") {
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

func hotRequest(_ service: LayoutService, _ path: String) -> ServiceResponse {
    scrollBody.withUnsafeBytes { bytes in
        service.handle(ServiceRequest(
            method: "POST", path: RequestText(path), contentType: "application/json",
            body: UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - Int(SJ_PADDING))]), bodyIsPadded: true))
    }
}

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

let json = try! JSONSerialization.data(withJSONObject: results, options: [.sortedKeys, .prettyPrinted])
print(String(decoding: json, as: UTF8.self))
