#!/usr/bin/python3
"""Checks Kubernetes manifests offline, against the API's own models
(Debian's python3-kubernetes): every document's kind is known, its fields
have the model's types and required fields, and no key is unknown to the
model (a misspelt key would be silently dropped by a cluster's client).
`kubectl apply --dry-run=client` needs a server's API list; this does not.
Usage: k8s_check.py FILE... ; prints one line per document, exits 1 on the
first problem."""
import json
import sys

import yaml
from kubernetes import client

MODELS = {
    ("v1", "Secret"): "V1Secret",
    ("v1", "Service"): "V1Service",
    ("v1", "ConfigMap"): "V1ConfigMap",
    ("apps/v1", "StatefulSet"): "V1StatefulSet",
    ("apps/v1", "Deployment"): "V1Deployment",
}


class Answer:
    def __init__(self, doc):
        self.data = json.dumps(doc)


def unknown(doc, back, path):
    """Keys of doc that the model dropped (back is its re-serialization)."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if not isinstance(back, dict) or k not in back:
                yield path + "." + k
            else:
                yield from unknown(v, back[k], path + "." + k)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from unknown(v, back[i] if isinstance(back, list) and i < len(back) else None,
                               "%s[%d]" % (path, i))


def main():
    api = client.ApiClient()
    for name in sys.argv[1:]:
        with open(name) as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        for doc in docs:
            kind = (doc.get("apiVersion"), doc.get("kind"))
            what = "%s %s/%s" % (name, kind[1], doc.get("metadata", {}).get("name"))
            if kind not in MODELS:
                sys.exit("%s: unknown kind %s" % (what, kind))
            try:
                obj = api.deserialize(Answer(doc), MODELS[kind])
            except (ValueError, TypeError) as e:
                sys.exit("%s: %s" % (what, e))
            bad = list(unknown(doc, api.sanitize_for_serialization(obj), ""))
            if bad:
                sys.exit("%s: keys the API does not have: %s" % (what, ", ".join(bad)))
            print("ok " + what)


main()
