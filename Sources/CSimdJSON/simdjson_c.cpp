#include "simdjson_c.h"

#include <cstring>
#include <memory>
#include <new>
#include <simdjson.h>

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

struct sj_parser {
    simdjson::dom::parser parser;
    explicit sj_parser(size_t max_bytes) : parser(max_bytes) {}
};

namespace {

static_assert(sizeof(element) <= sizeof(sj_value), "simdjson element no longer fits sj_value");
static_assert(std::is_trivially_copyable<element>::value, "simdjson element must be trivially copyable");

struct array_cursor {
    array::iterator current;
    array::iterator end;
};
struct object_cursor {
    object::iterator current;
    object::iterator end;
};
static_assert(sizeof(array_cursor) <= sizeof(sj_iterator), "array iterator no longer fits sj_iterator");
static_assert(sizeof(object_cursor) <= sizeof(sj_iterator), "object iterator no longer fits sj_iterator");

inline element unwrap(sj_value value) {
    element result;
    std::memcpy(static_cast<void *>(&result), &value, sizeof result);
    return result;
}

inline sj_value wrap(element value) {
    sj_value result{};
    std::memcpy(&result, static_cast<const void *>(&value), sizeof value);
    return result;
}

template <typename Cursor> inline Cursor *cursor(sj_iterator *iterator) {
    return reinterpret_cast<Cursor *>(iterator);
}

/* Any JSON number as a double. */
inline bool number(element e, double *out) {
    switch (e.type()) {
    case element_type::DOUBLE: *out = e.get_double().value_unsafe(); return true;
    case element_type::INT64: *out = static_cast<double>(e.get_int64().value_unsafe()); return true;
    case element_type::UINT64: *out = static_cast<double>(e.get_uint64().value_unsafe()); return true;
    default: return false;
    }
}

/* Whether two short names are equal, compared inline: names are a few bytes, too short for memcmp. */
inline bool same(std::string_view key, const char *name, size_t length) {
    if (key.size() != length) return false;
    for (size_t index = 0; index < key.size(); ++index) {
        if (key[index] != name[index]) return false;
    }
    return true;
}

}  // namespace

extern "C" {

sj_parser *sj_parser_create(size_t max_bytes) { return new (std::nothrow) sj_parser(max_bytes); }

sj_parser *sj_thread_parser(size_t max_bytes) {
    thread_local std::unique_ptr<sj_parser> parser;
    if (!parser || parser->parser.max_capacity() < max_bytes) parser.reset(new (std::nothrow) sj_parser(max_bytes));
    return parser.get();
}

int sj_parse(sj_parser *parser, const uint8_t *data, size_t length, bool padded, sj_value *root) {
    element value;
    auto error = parser->parser.parse(data, length, !padded).get(value);
    if (error) return static_cast<int>(error);
    *root = wrap(value);
    return 0;
}

const char *sj_error_message(int code) { return simdjson::error_message(static_cast<simdjson::error_code>(code)); }

sj_type sj_value_type(sj_value value) {
    switch (unwrap(value).type()) {
    case element_type::ARRAY: return SJ_ARRAY;
    case element_type::OBJECT: return SJ_OBJECT;
    case element_type::INT64: return SJ_INT64;
    case element_type::UINT64: return SJ_UINT64;
    case element_type::DOUBLE: return SJ_DOUBLE;
    case element_type::STRING: return SJ_STRING;
    case element_type::BOOL: return SJ_BOOL;
    case element_type::NULL_VALUE: return SJ_NULL;
    }
    return SJ_NULL;
}

bool sj_value_double(sj_value value, double *out) { return number(unwrap(value), out); }

bool sj_value_bool(sj_value value, bool *out) {
    element e = unwrap(value);
    if (e.type() != element_type::BOOL) return false;
    *out = e.get_bool().value_unsafe();
    return true;
}

bool sj_value_string(sj_value value, const char **data, size_t *length) {
    element e = unwrap(value);
    if (e.type() != element_type::STRING) return false;
    std::string_view view = e.get_string().value_unsafe();
    *data = view.data();
    *length = view.size();
    return true;
}

size_t sj_array_count(sj_value value) {
    element e = unwrap(value);
    return e.type() == element_type::ARRAY ? e.get_array().value_unsafe().size() : 0;
}

void sj_array_begin(sj_value value, sj_iterator *iterator) {
    std::memset(iterator, 0, sizeof *iterator);
    element e = unwrap(value);
    if (e.type() != element_type::ARRAY) return;
    array items = e.get_array().value_unsafe();
    new (cursor<array_cursor>(iterator)) array_cursor{items.begin(), items.end()};
}

bool sj_array_next(sj_iterator *iterator, sj_value *element_out) {
    array_cursor *c = cursor<array_cursor>(iterator);
    if (c->current == c->end) return false;
    *element_out = wrap(*c->current);
    ++c->current;
    return true;
}

size_t sj_array_read_number_pairs(sj_value value, const char *first, size_t first_length, const char *second,
                                  size_t second_length, double *out, size_t capacity) {
    element e = unwrap(value);
    if (e.type() != element_type::ARRAY) return 0;
    size_t read = 0;
    for (element item : e.get_array().value_unsafe()) {
        if (read == capacity || item.type() != element_type::OBJECT) break;
        object fields = item.get_object().value_unsafe();
        double pair[2];
        bool seen[2] = {false, false};
        size_t members = 0;
        bool ok = true;
        for (auto field : fields) {
            int slot = same(field.key, first, first_length) ? 0 : same(field.key, second, second_length) ? 1 : -1;
            if (slot < 0 || seen[slot] || !number(field.value, &pair[slot])) { ok = false; break; }
            seen[slot] = true;
            ++members;
        }
        if (!ok || members != 2) break;
        out[2 * read] = pair[0];
        out[2 * read + 1] = pair[1];
        ++read;
    }
    return read;
}

int64_t sj_object_read_members(sj_value value, const char *names, size_t name_count, sj_value *out) {
    element e = unwrap(value);
    if (e.type() != element_type::OBJECT || name_count > 32) return -1;
    // Split once, compared by length first: most names differ from a key in length.
    const char *starts[32];
    uint8_t lengths[32];
    for (size_t slot = 0; slot < name_count; ++slot) {
        const char *end = names;
        while (*end != '\0') ++end;
        starts[slot] = names;
        lengths[slot] = static_cast<uint8_t>(end - names);
        names = end + 1;
    }
    int64_t seen = 0;
    for (auto field : e.get_object().value_unsafe()) {
        size_t slot = 0;
        while (slot < name_count && !same(field.key, starts[slot], lengths[slot])) ++slot;
        int64_t bit = int64_t(1) << slot;
        if (slot == name_count || (seen & bit) != 0) return -1;
        out[slot] = wrap(field.value);
        seen |= bit;
    }
    return seen;
}

void sj_object_begin(sj_value value, sj_iterator *iterator) {
    std::memset(iterator, 0, sizeof *iterator);
    element e = unwrap(value);
    if (e.type() != element_type::OBJECT) return;
    object fields = e.get_object().value_unsafe();
    new (cursor<object_cursor>(iterator)) object_cursor{fields.begin(), fields.end()};
}

bool sj_object_next(sj_iterator *iterator, const char **key, size_t *key_length, sj_value *value) {
    object_cursor *c = cursor<object_cursor>(iterator);
    if (c->current == c->end) return false;
    std::string_view name = c->current.key();
    *key = name.data();
    *key_length = name.size();
    *value = wrap(c->current.value());
    ++c->current;
    return true;
}

}  // extern "C"
