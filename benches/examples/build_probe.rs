use std::time::Instant;
fn main() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let rt = tokio::runtime::Runtime::new()?;
    let docs = rt.block_on(async {
        let pool = sqlx::postgres::PgPoolOptions::new().connect(&url).await?;
        let t = Instant::now();
        let docs = indexer::project_all(&pool).await?;
        println!("project_all {} docs {:.2}s", docs.len(), t.elapsed().as_secs_f64());
        anyhow::Ok(docs)
    })?;
    let text: usize = docs.iter().map(|d| d.text.len()).sum();
    println!("text bytes {text}");
    let t = Instant::now();
    let m = matcher::Matcher::build(docs.clone());
    println!("build {:.2}s", t.elapsed().as_secs_f64());
    drop(m);
    let notext: Vec<_> = docs
        .iter()
        .cloned()
        .map(|mut d| {
            d.text.clear();
            d
        })
        .collect();
    let t = Instant::now();
    let m = matcher::Matcher::build(notext);
    println!("build without text {:.2}s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    for d in docs.iter().take(200) {
        m.apply(vec![matcher::Change::Upsert(d.clone())]);
    }
    println!("200 single applies {:.2}ms each", t.elapsed().as_secs_f64() * 1000.0 / 200.0);
    let t = Instant::now();
    while m.merge_step() {}
    println!("merges {:.2}s runs {}", t.elapsed().as_secs_f64(), m.run_count());
    Ok(())
}
