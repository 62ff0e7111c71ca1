/* fuzz_manifest — a deployment's manifest.yaml through manifest_parse, and
 * the generic YAML <-> JSON mapping under it.
 *
 * Checks the round trips the manifest exists for: any document
 * manifest_yaml_load accepts is written by manifest_yaml_emit so that it
 * loads back equal; any manifest manifest_parse accepts is written by
 * manifest_format so that it parses back to the same deployment. */
#include <jansson.h>

#include "fuzz.h"
#include "state/manifest.h"

static void check_yaml_round_trip(const uint8_t *data, size_t size)
{
	json_t *j = manifest_yaml_load((const char *)data, size, "fuzz.yaml");
	if (!j)
		return;
	struct buf out = BUF_INIT;
	manifest_yaml_emit(j, "# fuzz\n", &out);
	json_t *back = manifest_yaml_load(buf_cstr(&out), out.len, "emitted.yaml");
	FUZZ_CHECK(back);
	FUZZ_CHECK(json_equal(j, back));
	json_decref(back);
	json_decref(j);
	buf_release(&out);
}

static void check_manifest_round_trip(const uint8_t *data, size_t size)
{
	struct deployment d, d2;
	if (manifest_parse((const char *)data, size, "manifest.yaml", &d) != 0) {
		deployment_release(&d);
		return;
	}
	FUZZ_CHECK(d.lang && d.version >= 1 && d.name[0]);
	struct buf out = BUF_INIT;
	manifest_format(&d, &out);
	FUZZ_CHECK(manifest_parse(buf_cstr(&out), out.len, "formatted.yaml", &d2) == 0);
	json_t *a = manifest_to_json(&d), *b = manifest_to_json(&d2);
	FUZZ_CHECK(a && b && json_equal(a, b));
	json_decref(a);
	json_decref(b);
	deployment_release(&d2);
	deployment_release(&d);
	buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_yaml_round_trip(data, size);
	check_manifest_round_trip(data, size);
	return 0;
}
