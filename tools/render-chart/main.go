// Command render-chart renders a Helm chart the way `helm template` does, for machines without
// helm: the chart's values (values.yaml, then each -f file, then --set), validated against
// values.schema.json, fed to every template with sprig's functions and Helm's own (include, tpl,
// required, fail, toYaml, fromYaml, toJson, fromJson, lookup), and the manifests printed as
// `---` / `# Source: …` documents in Helm's install order. Built from Debian's Go packages
// (see ./helm), it stands in for `helm template` and `helm version` in tools/check-chart.sh.
//
// Not supported: subcharts and dependencies, hooks (rendered as ordinary manifests), .Files
// beyond Get, --set with list indexes or files, and lint.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

const version = "v0.1.0-render-chart"

type options struct {
	release     string
	chart       string
	namespace   string
	valueFiles  []string
	sets        []string
	kubeVersion string
	notes       bool
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "Error: %s\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: render-chart template NAME CHART [-n NS] [-f FILE]… [--set K=V]… [--notes] | version")
	}
	switch args[0] {
	case "version":
		fmt.Println(version)
		return nil
	case "template":
		opts, err := parseTemplateArgs(args[1:])
		if err != nil {
			return err
		}
		return renderChart(opts, os.Stdout)
	default:
		return fmt.Errorf("unknown command %q: only template and version are supported (lint needs helm)", args[0])
	}
}

func parseTemplateArgs(args []string) (options, error) {
	opts := options{namespace: "default", kubeVersion: "v1.30.0"}
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, inline := strings.Cut(arg, "=")
		takesValue := map[string]bool{
			"-n": true, "--namespace": true, "-f": true, "--values": true, "--set": true, "--kube-version": true,
		}
		if takesValue[name] && !inline {
			if i+1 >= len(args) {
				return opts, fmt.Errorf("flag %s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch {
		case name == "-n" || name == "--namespace":
			opts.namespace = value
		case name == "-f" || name == "--values":
			opts.valueFiles = append(opts.valueFiles, value)
		case name == "--set":
			opts.sets = append(opts.sets, value)
		case name == "--kube-version":
			opts.kubeVersion = value
		case arg == "--notes":
			opts.notes = true
		case strings.HasPrefix(arg, "-"):
			return opts, fmt.Errorf("unsupported flag %s", arg)
		default:
			positional = append(positional, arg)
		}
	}
	if len(positional) != 2 {
		return opts, errors.New("template takes NAME and CHART")
	}
	opts.release, opts.chart = positional[0], positional[1]
	return opts, nil
}
