/* manifest_file — manifest.yaml as a file: its text for a deployment, that
 * text parsed back, and a version loaded from the store with its manifest
 * checked against the directory and its code against the SHA-256. Calls
 * the store (read side) and util. */
#include "state/manifest.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"

void manifest_format(const struct deployment *d, struct buf *out)
{
	json_t *j = manifest_to_json(d);
	manifest_yaml_emit(j,
			   "# sbx deployment manifest, written by `sbx deploy`.\n"
			   "# The code and artefacts beside it are checked against it on every "
			   "run.\n",
			   out);
	json_decref(j);
}

int manifest_parse(const char *text, size_t len, const char *where, struct deployment *d)
{
	deployment_init(d);
	json_t *j = manifest_yaml_load(text, len, where);
	if (!j)
		return -1;
	int rc = manifest_from_json(j, d, where);
	json_decref(j);
	return rc;
}

int manifest_load(struct store *s, const char *name, int version, struct deployment *d,
		  struct buf *code, int *dirfd_out)
{
	deployment_init(d);
	int resolved = 0;
	int fd = store_open_version(s, name, version, &resolved);
	if (fd < 0)
		return -1;
	char *dir = store_version_path(s, name, resolved);
	struct buf text = BUF_INIT;
	struct buf where = BUF_INIT;
	buf_printf(&where, "%s/%s", dir, STORE_MANIFEST);
	int rc = -1;
	if (store_read_at(fd, STORE_MANIFEST, MANIFEST_MAX_BYTES, &text, dir) != 0)
		goto out;
	deployment_release(d);
	if (manifest_parse(buf_cstr(&text), text.len, buf_cstr(&where), d) != 0)
		goto out;
	/* The directory decides what a version is: a manifest copied from
	 * elsewhere must not make one deployment run as another. */
	if (strcmp(d->name, name) || d->version != resolved) {
		error("%s: says %s version %d but lives in %s/%d (the manifest is damaged: fix "
		      "it, or remove the version with `sbx delete`)",
		      buf_cstr(&where), d->name, d->version, name, resolved);
		goto out;
	}
	if (code) {
		if (store_read_at(fd, d->code_file, 64u << 20, code, dir) != 0)
			goto out;
		char sha[65];
		sha256_hex(code->data ? code->data : "", code->len, sha);
		if (strcmp(sha, d->code_sha256) || code->len != d->code_size) {
			error("%s/%s does not match the SHA-256 in its manifest (the deployment "
			      "is damaged: deploy it again, or remove it with `sbx delete`)",
			      dir, d->code_file);
			goto out;
		}
	}
	rc = 0;
out:
	buf_release(&text);
	buf_release(&where);
	free(dir);
	if (rc == 0 && dirfd_out)
		*dirfd_out = fd;
	else
		close(fd);
	return rc;
}
