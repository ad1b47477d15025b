import Foundation
// Counters are atomics, not Mutex: on Linux Mutex waits on a futex that ThreadSanitizer does not
// see, so it would report the counters it guards as races.
import Synchronization
import Testing

/// Run under ThreadSanitizer by `make test`: many connections at once on the thread pool, sharing and
/// not sharing cached layouts.
@Suite("Concurrency: the cache under the server's thread pool")
struct ConcurrencyTests {
    @Test func concurrentScrollsOfSharedAndDistinctLayoutsAgree() throws {
        try withTestServer(threads: 4) { server in
            let port = server.port
            let layouts = 4
            // The second answer of each layout is a cache hit, like every one the workers get.
            let expected: [[UInt8]] = try (0..<layouts).map { layout in
                let client = try HTTPTestClient(port: port)
                _ = try client.request("POST", "/v1/layout", json: Self.body(layout: layout, offset: 100))
                return try client.request("POST", "/v1/layout", json: Self.body(layout: layout, offset: 100)).body
            }
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 16) { worker in
                do {
                    let client = try HTTPTestClient(port: port)
                    for round in 0..<40 {
                        let layout = (worker + round) % layouts
                        let response = try client.request("POST", "/v1/layout", json: Self.body(layout: layout, offset: 100))
                        if response.body != expected[layout] { failures.add(1, ordering: .relaxed) }
                        _ = try client.request("POST", "/v1/layout", json: Self.body(layout: layout, offset: Double(round * 7)))
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
            #expect(server.service.cache.statistics.builds == layouts)
        }
    }

    static func body(layout: Int, offset: Double) -> String {
        let items = (0..<200).map { "{\"width\":\(40 + ($0 * 7 + layout) % 60),\"height\":\(30 + $0 % 5 * 10)}" }.joined(separator: ",")
        return "{\"bounds\":{\"x\":0,\"y\":\(offset),\"width\":390,\"height\":300},\"items\":[\(items)],\"parallax\":{\"model\":\"center\",\"maxOffset\":20}}"
    }
}

extension ConcurrencyTests {
    /// Many connections scroll one stored layout while others delete it and register it again: every
    /// answer is either the right attributes or a 404 that says to register again, never a wrong one.
    @Test func concurrentScrollsWhileEvictedAndReRegistered() throws {
        try withTestServer(threads: 4) { server in
            let port = server.port
            let registration = #"{"viewport":{"width":390},"itemCount":5000,"layout":{"itemSize":{"width":120,"height":90}}}"#
            let id = try HTTPTestClient(port: port).request("POST", "/v1/layouts", json: registration).json["layoutId"] as? String ?? ""
            let path = "/v1/layouts/\(id)/attributes"
            let expected = try (0..<8).map { step in
                try HTTPTestClient(port: port).request("POST", path, json: #"{"bounds":{"x":0,"y":\#(step * 500),"width":390,"height":844}}"#).body
            }
            let wrong = Atomic<Int>(0)
            let notFound = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 12) { worker in
                guard let client = try? HTTPTestClient(port: port) else { wrong.add(1, ordering: .relaxed); return }
                for round in 0..<60 {
                    if worker < 2 {
                        // Churn: delete and register again.
                        _ = try? client.request("DELETE", "/v1/layouts/\(id)", body: nil, headers: [:])
                        _ = try? client.request("POST", "/v1/layouts", json: registration)
                        continue
                    }
                    let step = (worker + round) % 8
                    guard let answer = try? client.request("POST", path, json: #"{"bounds":{"x":0,"y":\#(step * 500),"width":390,"height":844}}"#) else {
                        wrong.add(1, ordering: .relaxed)
                        continue
                    }
                    if answer.status == 404 && answer.json["type"] as? String == "/problems/layout-not-found" {
                        notFound.add(1, ordering: .relaxed)
                    } else if answer.status != 200 || answer.body != expected[step] {
                        wrong.add(1, ordering: .relaxed)
                    }
                }
            }
            #expect(wrong.load(ordering: .relaxed) == 0)
        }
    }
}

extension ConcurrencyTests {
    /// A cache with room for one layout of varied items and not two: other clients' registrations
    /// evict the shared layout by budget again and again while many connections scroll it and register
    /// it again on 404. Every 200 must be the right attributes, byte for byte.
    @Test func scrollsWhileTheBudgetEvictsAndClientsReRegister() throws {
        // 300 varied items one per line cost about 11 KB; the budget holds one such layout.
        try withTestServer(threads: 4, cacheBytes: 16 * 1024) { server in
            let port = server.port
            let registration = Self.registration(width: 390)
            let first = try HTTPTestClient(port: port).request("POST", "/v1/layouts", json: registration)
            try #require(first.status == 201)
            let id = first.json["layoutId"] as? String ?? ""
            let bytes = first.json["bytes"] as? Int ?? 0
            #expect(bytes > 300 * 20 && bytes <= 16 * 1024 && 2 * bytes > 16 * 1024, "\(bytes) bytes: one fits, two do not")
            let path = "/v1/layouts/\(id)/attributes"
            @Sendable func scroll(_ step: Int) -> String { #"{"bounds":{"x":0,"y":\#(step * 700),"width":390,"height":844},"scale":3}"# }
            let expected = try (0..<8).map { step in
                let answer = try HTTPTestClient(port: port).request("POST", path, json: scroll(step))
                try #require(answer.status == 200)
                return answer.body
            }
            let wrong = Atomic<Int>(0)
            let notFound = Atomic<Int>(0)
            let reRegistered = Atomic<Int>(0)
            let ok = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 12) { worker in
                guard let client = try? HTTPTestClient(port: port) else { wrong.add(1, ordering: .relaxed); return }
                for round in 0..<60 {
                    if worker < 2 || round % 6 == 5 {
                        // Layouts of other clients: each insertion evicts by budget (the shared one, when
                        // it is the least recently used), so every worker soon scrolls an evicted layout.
                        let other = try? client.request("POST", "/v1/layouts", json: Self.registration(width: 391 + Double(worker * 60 + round) / 1000))
                        if other?.status != 201 && other?.status != 200 { wrong.add(1, ordering: .relaxed) }
                        continue
                    }
                    let step = (worker + round) % 8
                    guard let answer = try? client.request("POST", path, json: scroll(step)) else {
                        wrong.add(1, ordering: .relaxed)
                        continue
                    }
                    if answer.status == 200 && answer.body == expected[step] {
                        ok.add(1, ordering: .relaxed)
                    } else if answer.status == 404 && answer.json["type"] as? String == "/problems/layout-not-found" {
                        notFound.add(1, ordering: .relaxed)
                        // Register again: the same inputs give the same id.
                        let again = try? client.request("POST", "/v1/layouts", json: registration)
                        if (again?.status == 201 || again?.status == 200) && again?.json["layoutId"] as? String == id {
                            reRegistered.add(1, ordering: .relaxed)
                        } else {
                            wrong.add(1, ordering: .relaxed)
                        }
                    } else {
                        wrong.add(1, ordering: .relaxed)
                    }
                }
            }
            let statistics = try HTTPTestClient(port: port).request("GET", "/v1/cache", body: nil, headers: [:]).json
            let evictions = statistics["evictions"] as? Int ?? 0
            #expect(wrong.load(ordering: .relaxed) == 0)
            #expect(evictions > 0, "\(statistics)")
            #expect((statistics["bytes"] as? Int ?? .max) <= 16 * 1024)
            #expect(ok.load(ordering: .relaxed) + notFound.load(ordering: .relaxed) == 10 * 50)
            #expect(notFound.load(ordering: .relaxed) > 0, "some scrolls found the layout evicted")
            #expect(reRegistered.load(ordering: .relaxed) == notFound.load(ordering: .relaxed))
            #expect(ok.load(ordering: .relaxed) > 0)
            print("budget evictions \(evictions), 200s \(ok.load(ordering: .relaxed)), 404s \(notFound.load(ordering: .relaxed)), re-registrations \(reRegistered.load(ordering: .relaxed))")
        }
    }

    /// 300 items of varied sizes, each wider than half the line, so one per line.
    static func registration(width: Double) -> String {
        let items = (0..<300).map { #"{"width":\#(200 + $0 * 7 % 150),"height":\#(20 + $0 * 11 % 40)}"# }.joined(separator: ",")
        return #"{"viewport":{"width":\#(width)},"items":[\#(items)]}"#
    }
}
