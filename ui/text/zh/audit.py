"""audit 页面的中文文本（与 ui/text/audit.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "审计：每个机制都兑现了它的承诺吗？",
    "intro": (
        "一个机制承诺 ε：在两个相邻的输入上，任何一组输出在其中一个上的概率至多是另一个上的 e^ε 倍。审计在两个输入上"
        "各抽取大量输出，找到最能区分它们的检验；经多重检验校正的 Clopper-Pearson 区间把检验的错误率变成真实 ε 的一个"
        "下界（Jagielski、Ullman、Oprea，2020）。正确的机制其下界不会超过承诺；有缺陷的机制其下界会超过承诺。随后一个"
        "精确检验逐个询问：另一个输入究竟能否产生这个输出；不能产生的输出在那里的概率为 0，所以无论 ε 多大，δ 都至少"
        "要等于它的概率。下面有三个机制是**故意做坏的**；本应用的模拟所用的 numpy 拉普拉斯和高斯同样通不过精确检验。"
        "第一部分在两个固定输入上各抽取大量输出来审计，旁边是对高斯噪声很紧的高斯拟合，以及最佳简单攻击的成功率；"
        "第二部分像审计机器学习那样，用金丝雀在一次运行中审计，并说明这类审计为何远低于真实的 ε。"
    ),
    "tab_draws": "1. 两个输入，大量抽样",
    "tab_one_run": "2. 一次运行，用金丝雀",
    "mechanism": "机制",
    "draws": "每个输入上抽取的输出数",
    "method": (
        "输入：噪声机制用计数 10 对 11；随机响应用回答“是”对“否”；指数机制用一张投票表对移动了一票的同一张表；本地协议用"
        "一个用户的第 0 项对第 1 项（共 8 项）。前一半抽样用来挑选阈值，后一半用来测量（高斯拟合用十分之一挑选，其余测量），所以下界在所述置信度下是可靠的。"
        "精确检验按抽样器自身的运算检查每个输入上的前 5,000 个输出。这是用侧栏随机种子做的**模拟**。"
    ),
    "chart_title": "抽取 {draws} 个输出时 ε 的下界：\n随抽样增加而收紧",
    "draws_axis": "每个输入上抽取的输出数",
    "epsilon_axis": "ε",
    "series_title": "审计",
    "bound_line": "Clopper-Pearson 下界",
    "gdp_line": "高斯拟合（GDP）",
    "exact_line": "精确检验：ε = ∞",
    "promise_line": "承诺的 ε",
    "verdict_consistent": (
        "每个输入抽取 {draws} 个输出时，审计显示 ε ≥ **{bound}**，承诺为 ε = {eps}（δ = {delta}）：与承诺**一致**"
        "（误报风险 {alpha}）。审计只能抓出有缺陷的机制，永远无法证明机制正确：证明靠的是数学。"
    ),
    "verdict_violates": (
        "每个输入抽取 {draws} 个输出时，审计显示 ε ≥ **{bound}**，超过了承诺的 ε = {eps}（δ = {delta}）：这个机制"
        "**违背了承诺**（误报的可能性低于 {alpha}）。"
    ),
    "ruled_out": (
        "在检查的 {checked} 个输出中，有 {share} 根本不可能来自另一个输入：浮点数的舍入留下了能识别输入的空隙"
        "（Mironov，2012），无论 ε 多大，δ 都至少要等于这些输出的概率。OpenDP 精确地抽取噪声，不会留下这样的空隙。"
        "（图中用曲线上方的叉号标出无穷大的下界。）"
    ),
    "gap_none": "精确检验在检查的 {checked} 个输出中没有发现另一个输入不可能产生的输出：没有能识别输入的空隙。",
    "simulation": (
        "这是 numpy 的抽样器，与本应用的模拟相同：它是机制的**模拟**，不是发布。numpy 的浮点抽样器并非为精确满足差分隐私"
        "而设计（它的拉普拉斯就不满足），所以发布用 OpenDP 抽取。"
    ),
    "tight_head_audit": "同一批抽样上的审计",
    "tight_head_eps": "ε ≥",
    "tight_head_share": "占承诺的比例",
    "tight_cp": "Clopper-Pearson，阈值检验",
    "tight_gdp": "高斯拟合，μ ≥ {mu}",
    "tight_gdp_none": "–",
    "gdp_assumes": (
        "高斯拟合假定机制的权衡曲线是高斯的（高斯噪声和 DP-SGD 都是如此），于是一个检验的两种错误率就确定了 μ，"
        "而 μ 又确定了 δ = {delta} 时的 ε（Dong、Roth、Su，2022；Nasr 等，2023）。μ 对任何机制都成立；由它读出的 ε "
        "只在这个假定下成立。"
    ),
    "gdp_pure": (
        "这个机制承诺 δ = 0，而任何高斯曲线都不是 (ε, 0)-DP 的。若把它当作高斯来读，μ ≥ {mu} 会声称 δ = 10⁻⁵ 时"
        "ε ≥ {as_if}；如果承诺成立，ε 在任何 δ 下都至多为 {eps}，所以这个数不是下界：假定不成立，这里应当看 "
        "Clopper-Pearson 审计。"
    ),
    "attack_head_attack": "攻击",
    "attack_head_measured": "实测",
    "attack_head_interval": "{confidence} 区间",
    "attack_head_promise": "允许的上限",
    "attack_auroc": "AUROC",
    "attack_tpr": "FPR 为 {fpr} 时的 TPR",
    "attack_note": (
        "这个攻击是最佳的简单攻击：输出落在 D′ 一侧时判为 D′，它的 ROC 曲线经过每一个阈值：AUROC 为 0.5 "
        "等于抛硬币，为 1 则是必中；当误判的代价很高时，要看低 FPR 下的 TPR。区间：对同一批抽样做 {resamples} "
        "次自助重抽样（固定种子）。"
        "最后一列是任何 (ε, δ) = ({eps}, {delta}) 机制允许的上限：一个紧的机制，其实测值可能因偶然在区间内"
        "超过它；整个区间都在它之上才说明违背了承诺。"
    ),
    "canaries": "一次运行中的金丝雀数",
    "one_chart_title": "一次运行，{canaries} 个金丝雀：\n下界与完美攻击者",
    "canaries_axis": "运行中的金丝雀数",
    "perfect_line": "完美攻击者，每次猜测都对",
    "one_run_line": "这个机制的一次运行",
    "one_run_note": "ε ≥ {eps}",
    "perfect_note": "至多 {eps}",
    "one_run_result": (
        "一次运行，{canaries} 个金丝雀，其中 {included} 个由抛硬币决定加入。审计者把输出最高的 {half} 个猜为“加入”，"
        "最低的 {half} 个猜为“未加入”：{guesses} 次猜测中猜对 {correct} 次（{share}）。这显示 ε ≥ **{bound}**，"
        "承诺为 ε = {eps}（δ = {delta}），置信度 {confidence}：在尝试的 {tried} 种猜测数中取最好的，每种在 {level} "
        "的水平上检验。"
    ),
    "one_run_none": (
        "一次运行，{canaries} 个金丝雀，其中 {included} 个由抛硬币决定加入：没有哪种猜测数能显示大于 0 的 ε"
        "（最好的一次：{guesses} 次中猜对 {correct} 次），承诺为 ε = {eps}（δ = {delta}）。"
    ),
    "one_run_cap": (
        "即使是完美攻击者，{canaries} 次猜测全部猜对，在这里也至多只能显示 ε = **{perfect}**：无论机制泄露多少，"
        "一次运行的审计都看不到更远。模型常在 ε = 8 下训练，并用大约一千个金丝雀审计，此时连完美攻击者也止步于 "
        "5.8：这就是机器学习的审计远低于真实 ε 的原因。"
    ),
    "one_run_delta": (
        "在 δ = {delta} 时，下界还要为每个金丝雀以概率 δ 失守付出代价（这里 2mδ = {slack}）：金丝雀超过大约 "
        "{peak} 个以后，越多反而显示得越少。"
    ),
    "one_run_delta_none": (
        "在 δ = {delta} 时，下界还要为每个金丝雀以概率 δ 失守付出代价（这里 2mδ = {slack}）：δ 这么大，"
        "一次运行什么也显示不了，即使对完美攻击者也是如此。"
    ),
    "one_run_method": (
        "运行方式：每个金丝雀有自己的输入，加入时为 D′，未加入时为 D（噪声机制中是计数 11 或 10），机制一次性发布"
        "所有输出：这是对每个金丝雀都满足 (ε, δ)-DP 的机制的一次运行。下界来自 Steinke、Nasr 和 Jagielski（2023）："
        "如果机制兑现承诺，猜对的次数除偶然外不可能超过成功概率为 e^ε / (1 + e^ε) 的二项分布。这是用侧栏随机种子做的"
        "**模拟**。"
    ),
    "mech_laplace": "拉普拉斯（numpy 模拟）",
    "mech_laplace_opendp": "拉普拉斯（OpenDP，与发布时相同）",
    "mech_discrete_laplace": "离散拉普拉斯（numpy 模拟）",
    "mech_gaussian": "高斯（numpy 模拟，解析校准，δ = 10⁻⁵）",
    "mech_randomized_response": "随机响应",
    "mech_exponential": "指数机制（投票）",
    "mech_ldp_grr": "本地协议 GRR",
    "mech_ldp_sue": "本地协议 SUE（基本 RAPPOR）",
    "mech_ldp_oue": "本地协议 OUE",
    "mech_ldp_blh": "本地协议 BLH",
    "mech_ldp_olh": "本地协议 OLH",
    "mech_ldp_hr": "本地协议 Hadamard",
    "mech_ldp_kss": "本地协议 k-子集",
    "mech_broken_laplace_half_scale": "有缺陷：尺度减半的拉普拉斯",
    "mech_broken_gaussian_classic": "有缺陷：ε = 10 时的经典高斯",
    "mech_broken_naive_laplace": "有缺陷：教科书式浮点拉普拉斯",
}
