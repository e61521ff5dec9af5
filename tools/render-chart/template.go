package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
	"gopkg.in/yaml.v2"
)

// kubeVersion is .Capabilities.KubeVersion.
type kubeVersion struct {
	Version    string
	Major      string
	Minor      string
	GitVersion string
}

func (k kubeVersion) String() string { return k.Version }

// apiVersions is .Capabilities.APIVersions: what a cluster of kubeVersion serves, as Helm assumes.
type apiVersions []string

func (a apiVersions) Has(version string) bool {
	for _, v := range a {
		if v == version {
			return true
		}
	}
	return false
}

var defaultAPIVersions = apiVersions{
	"v1", "apps/v1", "batch/v1", "policy/v1", "autoscaling/v1", "autoscaling/v2",
	"networking.k8s.io/v1", "rbac.authorization.k8s.io/v1", "storage.k8s.io/v1",
	"apiextensions.k8s.io/v1", "admissionregistration.k8s.io/v1", "coordination.k8s.io/v1",
	"v1/Secret", "v1/Service", "v1/ServiceAccount", "apps/v1/Deployment",
	"networking.k8s.io/v1/Ingress", "policy/v1/PodDisruptionBudget",
	"autoscaling/v2/HorizontalPodAutoscaler",
}

// files is .Files; only Get is offered.
type files struct{ dir string }

func (f files) Get(name string) string {
	data, err := os.ReadFile(filepath.Join(f.dir, filepath.FromSlash(name)))
	if err != nil {
		return ""
	}
	return string(data)
}

// installOrder is Helm's InstallOrder: the order `helm template` prints kinds in; others come last.
var installOrder = []string{
	"PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy",
	"PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass",
	"PersistentVolume", "PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole",
	"ClusterRoleList", "ClusterRoleBinding", "ClusterRoleBindingList", "Role", "RoleList",
	"RoleBinding", "RoleBindingList", "Service", "DaemonSet", "Pod", "ReplicationController",
	"ReplicaSet", "Deployment", "HorizontalPodAutoscaler", "StatefulSet", "Job", "CronJob",
	"IngressClass", "Ingress", "APIService",
}

type manifest struct {
	source  string
	kind    string
	content string
}

var documentSeparator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

func renderChart(opts options, out io.Writer) error {
	meta, err := loadChart(opts.chart)
	if err != nil {
		return err
	}
	kube, err := checkKubeVersion(meta, opts.kubeVersion)
	if err != nil {
		return err
	}
	vals, err := releaseValues(opts)
	if err != nil {
		return err
	}
	if err := validateValues(opts.chart, meta.Name, vals); err != nil {
		return err
	}
	e, names, err := newEngine(meta.Name, opts.chart)
	if err != nil {
		return err
	}
	top := map[string]interface{}{
		"Values": vals,
		"Release": map[string]interface{}{
			"Name": opts.release, "Namespace": opts.namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Chart": map[string]interface{}{
			"Name": meta.Name, "Version": meta.Version, "AppVersion": meta.AppVersion,
			"KubeVersion": meta.KubeVersion, "Type": meta.Type, "Description": meta.Description,
		},
		"Capabilities": map[string]interface{}{
			"KubeVersion": kube,
			"APIVersions": defaultAPIVersions,
			"HelmVersion": map[string]interface{}{"Version": version},
		},
		"Files": files{dir: opts.chart},
	}
	var manifests []manifest
	var notes string
	for _, name := range names {
		base := path.Base(name)
		if strings.HasPrefix(base, "_") {
			continue
		}
		text, err := e.render(name, top)
		if err != nil {
			return err
		}
		if base == "NOTES.txt" {
			notes = text
			continue
		}
		docs, err := splitManifests(name, text)
		if err != nil {
			return err
		}
		manifests = append(manifests, docs...)
	}
	sortByKind(manifests)
	for _, m := range manifests {
		fmt.Fprintf(out, "---\n# Source: %s\n%s\n", m.source, m.content)
	}
	if opts.notes && strings.TrimSpace(notes) != "" {
		fmt.Fprintf(out, "\nNOTES:\n%s\n", strings.TrimSpace(notes))
	}
	return nil
}

func checkKubeVersion(meta chartMetadata, version string) (kubeVersion, error) {
	v, err := semver.NewVersion(version)
	if err != nil {
		return kubeVersion{}, fmt.Errorf("invalid --kube-version %q: %w", version, err)
	}
	kube := kubeVersion{
		Version: "v" + v.String(), GitVersion: "v" + v.String(),
		Major: fmt.Sprint(v.Major()), Minor: fmt.Sprint(v.Minor()),
	}
	if meta.KubeVersion != "" {
		constraint, err := semver.NewConstraint(meta.KubeVersion)
		if err != nil {
			return kube, fmt.Errorf("Chart.yaml: kubeVersion %q: %w", meta.KubeVersion, err)
		}
		if !constraint.Check(v) {
			return kube, fmt.Errorf("chart requires kubeVersion: %s which is incompatible with Kubernetes %s", meta.KubeVersion, kube.Version)
		}
	}
	return kube, nil
}

// splitManifests cuts a rendered file into its YAML documents and reads each one's kind, as
// Helm does (an unparsable document fails the render).
func splitManifests(source, text string) ([]manifest, error) {
	var docs []manifest
	for _, doc := range documentSeparator.Split(text, -1) {
		doc = strings.TrimSpace(doc)
		if doc == "" {
			continue
		}
		var head struct {
			Kind string `yaml:"kind"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			return nil, fmt.Errorf("YAML parse error on %s: %s", source, err)
		}
		docs = append(docs, manifest{source: source, kind: head.Kind, content: doc})
	}
	return docs, nil
}

func sortByKind(manifests []manifest) {
	rank := map[string]int{}
	for i, kind := range installOrder {
		rank[kind] = i
	}
	sort.SliceStable(manifests, func(i, j int) bool {
		a, aKnown := rank[manifests[i].kind]
		b, bKnown := rank[manifests[j].kind]
		switch {
		case !aKnown && !bKnown:
			return manifests[i].kind < manifests[j].kind
		case !aKnown:
			return false
		case !bKnown:
			return true
		}
		return a < b
	})
}
